import type { Request, Response } from 'express';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

const MIDDLEWARE_CATCH_ALL = new Set(['/{*path}', '{*path}', '*', '/*']);

/** Prometheus registry of one app instance (two instances in one test process stay separate). */
export class AppMetrics {
  readonly registry = new Registry();
  readonly requests: Counter<'method' | 'route' | 'status'>;
  readonly duration: Histogram<'method' | 'route' | 'status'>;

  constructor(service: string) {
    this.registry.setDefaultLabels({ service });
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by route template and status',
      labelNames: ['method', 'route', 'status'],
      registers: [this.registry],
    });
    this.duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration in seconds, by route template and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
  }

  /**
   * Records one answered request. The label is the matched route template
   * (`/admin/keys/:key_id`), never the raw path, so cardinality stays bounded.
   */
  record(req: Request, res: Response, seconds: number): void {
    const routePath = (req.route as { path?: unknown } | undefined)?.path;
    // Nest mounts global middleware on a catch-all route; a request whose last matched route is
    // that one reached no controller.
    const route =
      typeof routePath === 'string' && !MIDDLEWARE_CATCH_ALL.has(routePath)
        ? `${req.baseUrl}${routePath}`
        : 'unmatched';
    const labels = { method: req.method, route, status: String(res.statusCode) };
    this.duration.observe(labels, seconds);
    this.requests.inc(labels);
  }
}
