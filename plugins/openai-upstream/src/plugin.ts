/** Forwards chat completions and model discovery to an OpenAI-compatible provider. */
import {
  GatewayError,
  validateOptions,
  type ChatCompletion,
  type Exchange,
  type Kernel,
  type ModelResponse,
  type Plugin,
  normaliseBaseUrl,
} from '@sluice/core';
import { OpenAIUpstreamOptionsSchema, type OpenAIUpstreamOptions, type OpenAIUpstreamOptionsInput } from './options.js';
import { UpstreamClient } from './upstream-client.js';

const PLUGIN_NAME = 'openai-upstream';
const USER_AGENT = 'sluice/0.1.0';

/**
 * @example
 * kernel.use(new OpenAIUpstreamPlugin({ baseUrl: 'https://api.openai.com/v1', apiKey: process.env.OPENAI_API_KEY }));
 */
export class OpenAIUpstreamPlugin implements Plugin {
  readonly name = PLUGIN_NAME;
  readonly options: Readonly<OpenAIUpstreamOptions>;
  readonly baseUrl: string;
  #client: UpstreamClient | undefined;

  constructor(options: OpenAIUpstreamOptionsInput = {}) {
    this.options = validateOptions(PLUGIN_NAME, OpenAIUpstreamOptionsSchema, options);
    try {
      this.baseUrl = normaliseBaseUrl(this.options.baseUrl);
    } catch (error) {
      throw new Error(`${PLUGIN_NAME}: ${(error as Error).message}`, { cause: error });
    }
  }

  apply(kernel: Kernel): void {
    const timeouts = kernel.metrics.counter({ name: 'gw_upstream_timeouts_total', help: 'Upstream calls that timed out.' });
    const duration = kernel.metrics.histogram<'outcome'>({
      name: 'gw_upstream_request_duration_seconds',
      help: 'Upstream chat-completion call time by outcome (ok or the failure class).',
      labelNames: ['outcome'],
    });

    kernel.hooks.upstream.tapPromise(PLUGIN_NAME, async (exchange) => {
      const started = performance.now();
      try {
        const reply = await this.#requireClient().call('POST', '/chat/completions', exchange.request, exchange.signal);
        const body = completionBody(reply.body);
        recordUsage(exchange, body);
        const seconds = (performance.now() - started) / 1000;
        duration.observe({ outcome: 'ok' }, seconds);
        this.#evidence(kernel, exchange, 'completed', reply.status, seconds, body.model);
        return { status: 200, body } satisfies ModelResponse;
      } catch (error) {
        const failure = error instanceof GatewayError ? error : new GatewayError('upstream_connect_error', { cause: error });
        const seconds = (performance.now() - started) / 1000;
        if (failure.code === 'upstream_timeout') timeouts.inc();
        duration.observe({ outcome: failure.code }, seconds);
        this.#evidence(kernel, exchange, 'failed', failure.passthrough?.status, seconds, undefined, failure.code);
        throw failure;
      }
    });

    kernel.route({
      method: 'GET',
      path: '/v1/models',
      plugin: PLUGIN_NAME,
      handle: async ({ signal }) => {
        const reply = await this.#requireClient().call('GET', '/models', undefined, signal);
        return { status: reply.status, body: reply.body };
      },
    });
  }

  async start(): Promise<void> {
    this.#client ??= new UpstreamClient({
      baseUrl: this.baseUrl,
      apiKey: this.options.apiKey,
      timeoutMs: Math.round(this.options.timeoutSeconds * 1000),
      connections: this.options.connections,
      userAgent: USER_AGENT,
    });
  }

  async stop(): Promise<void> {
    const client = this.#client;
    this.#client = undefined;
    await client?.close();
  }

  #requireClient(): UpstreamClient {
    if (this.#client === undefined) throw new Error(`${PLUGIN_NAME} is not started; call kernel.start() first`);
    return this.#client;
  }

  #evidence(
    kernel: Kernel,
    exchange: Exchange,
    outcome: 'completed' | 'failed',
    status: number | undefined,
    seconds: number,
    model?: string,
    errorClass?: string,
  ): void {
    kernel.evidence(
      exchange,
      {
        source: 'gateway',
        category: 'upstream',
        event_type: outcome === 'completed' ? 'upstream.response' : 'upstream.failed',
        outcome,
      },
      {
        upstream: {
          provider_type: 'openai_compatible',
          model: model ?? exchange.request.model,
          endpoint_class: 'chat_completions',
          response_status: status,
          latency_ms: Math.round(seconds * 1000),
        },
        ...(errorClass === undefined ? {} : { attributes: { error_class: errorClass } }),
      },
    );
  }
}

/** A 2xx body must be a chat completion; anything else is the provider's fault, not the client's. */
function completionBody(body: unknown): ChatCompletion {
  if (typeof body !== 'object' || body === null || !Array.isArray((body as ChatCompletion).choices)) {
    throw new GatewayError('upstream_invalid_response');
  }
  return body as ChatCompletion;
}

function recordUsage(exchange: Exchange, body: ChatCompletion): void {
  const usage = body.usage;
  if (usage !== undefined && Number.isFinite(usage.prompt_tokens) && Number.isFinite(usage.completion_tokens))
    exchange.usage = usage;
}
