import { PricingTable, UpstreamConfig } from '@platform/config';

/** An upstream as the client API uses it. */
export interface Upstream {
  name: string;
  /** Without a trailing slash, e.g. `http://127.0.0.1:9000/v1`. */
  baseUrl: string;
  apiKey: string;
}

export interface ModelPriceMicro {
  /** Micro-USD per token: USD per million tokens is numerically the same. */
  input: number;
  output: number;
}

/**
 * Which upstream serves a canonical model, and what it costs
 * (see docs/proxy-admin/routing-and-pricing.md).
 */
export class ModelRouter {
  private readonly byModel = new Map<string, Upstream>();
  private readonly prices = new Map<string, ModelPriceMicro>();

  constructor(upstreams: UpstreamConfig[], pricing: PricingTable) {
    // The first upstream that lists a model serves it.
    for (const upstream of upstreams) {
      const target = {
        name: upstream.name,
        baseUrl: upstream.base_url.replace(/\/+$/, ''),
        apiKey: upstream.api_key,
      };
      for (const model of upstream.models)
        if (!this.byModel.has(model)) this.byModel.set(model, target);
    }
    for (const [model, price] of Object.entries(pricing)) {
      this.prices.set(model, {
        input: price.input_usd_per_mtok,
        output: price.output_usd_per_mtok,
      });
    }
  }

  upstreamFor(model: string): Upstream | undefined {
    return this.byModel.get(model);
  }

  /** Canonical models, in configuration order, with their upstream. */
  models(): { id: string; upstream: string }[] {
    return [...this.byModel].map(([id, upstream]) => ({ id, upstream: upstream.name }));
  }

  /** undefined: unpriced (served at cost 0). */
  priceOf(model: string): ModelPriceMicro | undefined {
    return this.prices.get(model);
  }
}
