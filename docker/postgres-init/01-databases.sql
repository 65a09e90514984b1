-- Run once by the postgres image's entrypoint, on an empty data directory only
-- (mounted into /docker-entrypoint-initdb.d). One database per service
-- (see docs/decisions/0001-one-database-and-redis-prefix-per-service.md#decision);
-- each service's migrations create its schema.
CREATE DATABASE proxy_admin;
CREATE DATABASE geo_scoring;
CREATE DATABASE maritime;
