// Every test process runs in UTC (see docs/runtime.md#utc-everywhere).
process.env.TZ = 'UTC';
