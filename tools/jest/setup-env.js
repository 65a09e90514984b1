// Every test process runs in UTC (DESIGN section 10).
process.env.TZ = 'UTC';
