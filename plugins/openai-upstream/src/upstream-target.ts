/** One upstream the gateway may call: its name, where it is, its share, the models it serves and its breaker. */
import { maskUrl, normaliseBaseUrl } from '@sluice/util';
import type { CircuitBreaker } from './circuit-breaker.js';
import { type BreakerState } from './circuit-breaker.js';
import type { OpenAIUpstreamOptions } from './options.js';
import { UpstreamClient } from './upstream-client.js';

/** The name of the upstream `upstream_base_url` and `upstream_api_key` describe when no block is written. */
export const DEFAULT_UPSTREAM = 'default';

const USER_AGENT = 'sluice/0.1.0';

/**
 * How an upstream reads from outside: `/version`, `/readyz` detail. No key, and the URL's credentials masked.
 * @example
 * const status: UpstreamStatus = { name: 'primary', base_url: 'https://api.openai.com/v1', weight: 1, priority: 1, models: ['*'], breaker: 'closed' };
 */
export interface UpstreamStatus {
  readonly name: string;
  readonly base_url: string;
  readonly weight: number;
  readonly priority: number;
  readonly models: readonly string[];
  readonly breaker: BreakerState;
}

export class UpstreamTarget {
  readonly name: string;
  readonly baseUrl: string;
  readonly weight: number;
  readonly priority: number;
  readonly breaker: CircuitBreaker;
  readonly #apiKey: string;
  readonly #models: readonly string[];
  #client: UpstreamClient | undefined;

  constructor(
    spec: { name: string; baseUrl: string; apiKey: string; weight: number; priority: number; models?: readonly string[] },
    breaker: CircuitBreaker,
  ) {
    this.name = spec.name;
    this.baseUrl = normaliseBaseUrl(
      spec.baseUrl,
      spec.name === DEFAULT_UPSTREAM ? 'upstream_base_url' : `upstream ${spec.name} base_url`,
    );
    this.#apiKey = spec.apiKey;
    this.weight = spec.weight;
    this.priority = spec.priority;
    this.#models = spec.models ?? ['*'];
    this.breaker = breaker;
  }

  /** Whether this upstream serves `model`: listed, matched by a `prefix*`, or `*`; a request without a model goes anywhere. */
  serves(model: string | undefined): boolean {
    if (model === undefined) return true;
    return this.#models.some((m) => (m.endsWith('*') ? model.startsWith(m.slice(0, -1)) : m === model));
  }

  get client(): UpstreamClient {
    if (this.#client === undefined) throw new Error(`upstream ${this.name} is not started; call kernel.start() first`);
    return this.#client;
  }

  open(options: Readonly<OpenAIUpstreamOptions>): void {
    this.#client ??= new UpstreamClient({
      baseUrl: this.baseUrl,
      apiKey: this.#apiKey,
      timeoutMs: Math.round(options.timeoutSeconds * 1000),
      connections: options.connections,
      userAgent: USER_AGENT,
    });
  }

  async close(): Promise<void> {
    const client = this.#client;
    this.#client = undefined;
    await client?.close();
  }

  status(): UpstreamStatus {
    return {
      name: this.name,
      base_url: maskUrl(this.baseUrl),
      weight: this.weight,
      priority: this.priority,
      models: this.#models,
      breaker: this.breaker.state,
    };
  }
}

/**
 * The upstreams the options describe, in file order: the blocks, or the one default upstream. Each block's
 * priority defaults to its position, so blocks without one are tried in the order written.
 * @example
 * const targets = upstreamTargets(options, (name) => new CircuitBreaker({ failures: 5, openMs: 30_000 }));
 */
export function upstreamTargets(
  options: Readonly<OpenAIUpstreamOptions>,
  breaker: (name: string) => CircuitBreaker,
): UpstreamTarget[] {
  if (options.upstreams.length === 0) {
    const spec = { name: DEFAULT_UPSTREAM, baseUrl: options.baseUrl, apiKey: options.apiKey, weight: 1, priority: 1 };
    return [new UpstreamTarget(spec, breaker(DEFAULT_UPSTREAM))];
  }
  return options.upstreams.map(({ name, settings }, index) => {
    if (settings.baseUrl === undefined) throw new Error(`upstream ${name}: base_url is required`);
    const spec = {
      name,
      baseUrl: settings.baseUrl,
      apiKey: settings.apiKey,
      weight: settings.weight,
      priority: settings.priority ?? index + 1,
      ...(settings.models === undefined ? {} : { models: settings.models }),
    };
    return new UpstreamTarget(spec, breaker(name));
  });
}
