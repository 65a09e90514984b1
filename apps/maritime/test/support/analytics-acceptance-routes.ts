// The analytics and investigations routes as tables for the acceptance specs: every route that
// takes a `limit` (its maximum, the list it answers and where it echoes the value used), and one
// unknown value per enum filter. Paths may hold `{imo}` (a seeded vessel) and `{port}`.

export interface LimitRoute {
  /** Path and fixed query, without `limit`. */
  path: string;
  /** The list in the body that `limit` cuts. */
  list: string;
  max: number;
  /** Where the value used is echoed. */
  echo: 'limit_applied' | 'pagination.limit';
}

export const LIMIT_ROUTES: readonly LimitRoute[] = [
  { path: '/api/v1/forecasts', list: 'forecasts', max: 200, echo: 'limit_applied' },
  { path: '/api/v1/destination-reliability', list: 'reliability', max: 500, echo: 'limit_applied' },
  { path: '/api/v1/density', list: 'cells', max: 1000, echo: 'limit_applied' },
  { path: '/api/v1/routes/flows', list: 'flows', max: 200, echo: 'limit_applied' },
  { path: '/api/v1/routes/shifts', list: 'shifts', max: 200, echo: 'limit_applied' },
  { path: '/api/v1/routes/deceptions', list: 'deceptions', max: 200, echo: 'limit_applied' },
  {
    path: '/api/v1/insurance/comparable-pool?imo={imo}',
    list: 'pool',
    max: 200,
    echo: 'limit_applied',
  },
  { path: '/api/v1/earnings', list: 'earnings', max: 200, echo: 'limit_applied' },
  { path: '/api/v1/earnings/port-revenue', list: 'port_revenue', max: 200, echo: 'limit_applied' },
  { path: '/api/v1/freight-rates', list: 'freight_rates', max: 200, echo: 'limit_applied' },
  { path: '/api/v1/emissions', list: 'emissions', max: 200, echo: 'limit_applied' },
  { path: '/api/v1/emissions?group_by=vessel', list: 'emissions', max: 200, echo: 'limit_applied' },
  { path: '/api/v1/trade-flows', list: 'flows', max: 200, echo: 'limit_applied' },
  {
    path: '/api/v1/trade-flows?view=mirror',
    list: 'discrepancies',
    max: 200,
    echo: 'limit_applied',
  },
  { path: '/api/v1/trade-flows?view=sanctions', list: 'matches', max: 200, echo: 'limit_applied' },
  { path: '/api/v1/trade-flows?view=entity', list: 'entities', max: 200, echo: 'limit_applied' },
  { path: '/api/v1/pi-coverage', list: 'coverage', max: 200, echo: 'limit_applied' },
  {
    path: '/api/v1/congestion/history?port={port}',
    list: 'history',
    max: 1000,
    echo: 'limit_applied',
  },
  { path: '/api/v1/satellite/health', list: 'health', max: 500, echo: 'limit_applied' },
  {
    path: '/api/v1/vessels/{imo}/case-files',
    list: 'cases',
    max: 100,
    echo: 'pagination.limit',
  },
];

export interface EnumCase {
  method: 'GET' | 'POST';
  /** Path with the unknown value in its query, or the path of a POST. */
  path: string;
  /** The POST body, already holding the unknown value. */
  body?: Record<string, unknown>;
  field: string;
}

const FREIGHT_RATE = {
  vessel_type: 'tanker',
  route_code: 'ACCEPT-1',
  rate_value: 10,
  rate_unit: 'usd_per_t',
  assessed_on: '2026-03-01',
};
const VERDICT = { signal_id: '1', signal_type: 'dark_event', status: 'confirmed' };

export const ENUM_CASES: readonly EnumCase[] = [
  { method: 'GET', path: '/api/v1/forecasts?method=arima', field: 'method' },
  { method: 'GET', path: '/api/v1/forecasts/accuracy?method=arima', field: 'method' },
  { method: 'GET', path: '/api/v1/destination-reliability?tier=great', field: 'tier' },
  { method: 'GET', path: '/api/v1/density?type=all', field: 'type' },
  { method: 'GET', path: '/api/v1/routes/flows?vessel_type=submarine', field: 'vessel_type' },
  { method: 'GET', path: '/api/v1/routes/shifts?kind=sideways', field: 'kind' },
  { method: 'GET', path: '/api/v1/emissions?group_by=port', field: 'group_by' },
  { method: 'GET', path: '/api/v1/emissions?vessel_type=submarine', field: 'vessel_type' },
  { method: 'GET', path: '/api/v1/emissions/report?format=xml', field: 'format' },
  { method: 'GET', path: '/api/v1/emissions/report?vessel_type=raft', field: 'vessel_type' },
  { method: 'GET', path: '/api/v1/trade-flows?view=graph', field: 'view' },
  {
    method: 'GET',
    path: '/api/v1/congestion/history?port={port}&interval=week',
    field: 'interval',
  },
  { method: 'GET', path: '/api/v1/satellite/regions?crop=banana', field: 'crop' },
  { method: 'GET', path: '/api/v1/satellite/production?crop=banana', field: 'crop' },
  { method: 'GET', path: '/api/v1/freight-rates?vessel_type=submarine', field: 'vessel_type' },
  {
    method: 'POST',
    path: '/api/v1/freight-rates',
    body: { ...FREIGHT_RATE, rate_unit: 'usd_per_mile' },
    field: 'rate_unit',
  },
  {
    method: 'POST',
    path: '/api/v1/freight-rates',
    body: { ...FREIGHT_RATE, vessel_type: 'submarine' },
    field: 'vessel_type',
  },
  { method: 'GET', path: '/api/v1/signals/explainability?imo={imo}&type=weather', field: 'type' },
  { method: 'GET', path: '/api/v1/vessels/{imo}/case-files/export?format=zip', field: 'format' },
  {
    method: 'POST',
    path: '/api/v1/vessels/{imo}/signal-feedback',
    body: { ...VERDICT, signal_type: 'rumour' },
    field: 'signal_type',
  },
  {
    method: 'POST',
    path: '/api/v1/vessels/{imo}/signal-feedback',
    body: { ...VERDICT, status: 'maybe' },
    field: 'status',
  },
  {
    method: 'POST',
    path: '/api/v1/vessels/{imo}/signal-feedback',
    body: { ...VERDICT, suppression_hours: 5 },
    field: 'suppression_hours',
  },
];

/** Other parameters out of their stated range, malformed, missing or unknown → 400 on `field`. */
export const RANGE_CASES: readonly { path: string; field: string }[] = [
  { path: '/api/v1/forecasts/accuracy?horizon=15', field: 'horizon' },
  { path: '/api/v1/forecasts/accuracy?horizon=0', field: 'horizon' },
  { path: '/api/v1/forecasts?limit=5&unknown=1', field: 'unknown' },
  { path: '/api/v1/satellite/production?season=1999', field: 'season' },
  { path: '/api/v1/emissions/report?year=1900', field: 'year' },
  { path: '/api/v1/congestion/history', field: 'port' },
  { path: '/api/v1/insurance/comparable-pool', field: 'imo' },
  { path: '/api/v1/insurance/claims-prediction?imo=9999999', field: 'imo' },
  { path: '/api/v1/trade-flows?imo={imo}', field: 'imo' },
  { path: '/api/v1/vessels/{imo}/case-files?offset=-1', field: 'offset' },
  { path: '/api/v1/vessels/{imo}/case-files?offset=1.5', field: 'offset' },
  { path: '/api/v1/routes/flows?period=2026-13', field: 'period' },
  { path: '/api/v1/routes/deceptions?since=yesterday', field: 'since' },
  { path: '/api/v1/emissions?from=2026-03-10&to=2026-03-01', field: 'from' },
];

/** Routes that need a key (any plan is enough to get past 401), with a valid request. */
export const KEYED_ROUTES: readonly { method: 'GET' | 'POST'; path: string; body?: unknown }[] = [
  { method: 'POST', path: '/api/v1/predict-destination', body: {} },
  { method: 'GET', path: '/api/v1/insurance/claims-prediction?imo={imo}' },
  { method: 'GET', path: '/api/v1/insurance/comparable-pool?imo={imo}' },
  { method: 'GET', path: '/api/v1/insurance/premium-adjustment?imo={imo}' },
  { method: 'GET', path: '/api/v1/emissions' },
  { method: 'GET', path: '/api/v1/emissions/report' },
  { method: 'GET', path: '/api/v1/trade-flows' },
  { method: 'POST', path: '/api/v1/freight-rates', body: FREIGHT_RATE },
  { method: 'POST', path: '/api/v1/congestion/refresh', body: {} },
  { method: 'GET', path: '/api/v1/signals/explainability?imo={imo}&type=motif' },
];

/** The analyst routes (A), with a request that would otherwise be valid. */
export const ANALYST_ROUTES: readonly { method: 'GET' | 'POST'; path: string; body?: unknown }[] = [
  { method: 'GET', path: '/api/v1/vessels/{imo}/case-files' },
  { method: 'POST', path: '/api/v1/vessels/{imo}/case-files', body: { motif_alert_id: '{motif}' } },
  { method: 'GET', path: '/api/v1/vessels/{imo}/case-files/export' },
  { method: 'GET', path: '/api/v1/vessels/{imo}/case-files/reconciliation' },
  { method: 'GET', path: '/api/v1/vessels/{imo}/signal-feedback' },
  { method: 'POST', path: '/api/v1/vessels/{imo}/signal-feedback', body: VERDICT },
];

/** `path` with `?`/`&` chosen for one more query parameter. */
export function withParam(path: string, param: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}${param}`;
}

/** Replaces `{name}` placeholders in a string or, recursively, in a JSON value. */
export function fill<T>(value: T, vars: Record<string, string>): T {
  if (value === undefined) return value;
  const text = JSON.stringify(value).replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in vars ? (vars[name] as string) : whole,
  );
  return JSON.parse(text) as T;
}

/** The value at a dotted path of a JSON body. */
export function at(body: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (node, key) =>
        node !== null && typeof node === 'object'
          ? (node as Record<string, unknown>)[key]
          : undefined,
      body,
    );
}

export interface ErrorDetails {
  code?: string;
  error?: string;
  details?: { field: string; message?: string }[];
}
