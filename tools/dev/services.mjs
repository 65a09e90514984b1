// The three services as the launcher and the migrate script run them.
export const SERVICES = [
  { name: 'proxy-admin', port: 3001, database: 'proxy_admin' },
  { name: 'geo-scoring', port: 3002, database: 'geo_scoring' },
  { name: 'maritime', port: 3003, database: 'maritime' },
];

export const entry = (service, file) => `dist/apps/${service.name}/${file}.js`;
