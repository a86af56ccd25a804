/** Forwards chat completions and model discovery to an OpenAI-compatible provider. */
import {
  GatewayError,
  validateOptions,
  type ChatCompletion,
  type Exchange,
  type Kernel,
  type ModelResponse,
  type Plugin,
} from '@sluice/core';
import { normaliseBaseUrl } from '@sluice/util';
import { OpenAIUpstreamOptionsSchema, type OpenAIUpstreamOptions, type OpenAIUpstreamOptionsInput } from './options.js';
import { UpstreamClient } from './upstream-client.js';
import { streamingMetrics } from './stream/streaming-metrics.js';
import { OPENAI_UPSTREAM_ERRORS } from './errors.js';

const PLUGIN_NAME = 'openai-upstream';
const USER_AGENT = 'sluice/0.1.0';

/**
 * @example
 * kernel.use(new OpenAIUpstreamPlugin({ baseUrl: 'https://api.openai.com/v1', apiKey: process.env.OPENAI_API_KEY }));
 */
export class OpenAIUpstreamPlugin implements Plugin {
  readonly name = PLUGIN_NAME;
  readonly errors = OPENAI_UPSTREAM_ERRORS;
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

    const streamMetrics = streamingMetrics(kernel);
    kernel.hooks.upstream.tapPromise(PLUGIN_NAME, async (exchange) => {
      const started = performance.now();
      const streamed = exchange.request.stream === true;
      try {
        const response = streamed ? await this.#streamed(exchange) : await this.#whole(exchange);
        recordUsage(exchange, response.body);
        const seconds = (performance.now() - started) / 1000;
        duration.observe({ outcome: 'ok' }, seconds);
        this.#evidence(kernel, exchange, streamed, 'completed', 200, seconds, response.body.model);
        return response;
      } catch (error) {
        const failure = error instanceof GatewayError ? error : new GatewayError('upstream_connect_error', { cause: error });
        const seconds = (performance.now() - started) / 1000;
        if (failure.code === 'upstream_timeout') timeouts.inc();
        if (streamed) streamMetrics.failed(failure.code);
        duration.observe({ outcome: failure.code }, seconds);
        this.#evidence(kernel, exchange, streamed, 'failed', failure.passthrough?.status, seconds, undefined, failure.code);
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

  async #whole(exchange: Exchange): Promise<ModelResponse> {
    const reply = await this.#requireClient().call('POST', '/chat/completions', exchange.request, exchange.signal);
    return { status: 200, body: completionBody(reply.body) };
  }

  /** Controlled streaming: the provider's stream is read whole here; the client sees nothing until it is approved. */
  async #streamed(exchange: Exchange): Promise<ModelResponse> {
    const request = exchange.request;
    // Usage is asked for on the client's behalf (for accounting); a client that did not ask never sees it.
    const streamOptions = { ...(isRecord(request.stream_options) ? request.stream_options : {}), include_usage: true };
    const reply = await this.#requireClient().stream(
      '/chat/completions',
      { ...request, stream: true, stream_options: streamOptions },
      exchange.signal,
      {
        idleMs: Math.round(this.options.timeoutSeconds * 1000),
        maxMs: Math.round(this.options.streamMaxSeconds * 1000),
        maxBytes: this.options.streamMaxBytes,
      },
    );
    const body = completionBody(reply.completion);
    return reply.chunks === undefined ? { status: 200, body } : { status: 200, body, chunks: reply.chunks };
  }

  #requireClient(): UpstreamClient {
    if (this.#client === undefined) throw new Error(`${PLUGIN_NAME} is not started; call kernel.start() first`);
    return this.#client;
  }

  #evidence(
    kernel: Kernel,
    exchange: Exchange,
    streamed: boolean,
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
        event_type: `upstream${streamed ? '.stream' : ''}.${outcome === 'completed' ? (streamed ? 'completed' : 'response') : 'failed'}`,
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
        // A streamed answer is held until it is approved: nothing of it has reached the client yet.
        ...(streamed ? { committed_to_client: false } : {}),
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function recordUsage(exchange: Exchange, body: ChatCompletion): void {
  const usage = body.usage;
  if (usage !== undefined && Number.isFinite(usage.prompt_tokens) && Number.isFinite(usage.completion_tokens))
    exchange.usage = usage;
}
