// Identifier shapes shared by ingestion, the read routes and the schema's CHECK constraints
// (see docs/geo-scoring/README.md#conventions). A value that does not match cannot name a metro or
// port.

/** Metro slugs, e.g. `atx` (metros.slug CHECK). */
export const METRO_SLUG_PATTERN = /^[a-z]{2,10}$/;

/** Port slugs, e.g. `port-houston` (ports.slug CHECK). */
export const PORT_SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{1,62}$/;
