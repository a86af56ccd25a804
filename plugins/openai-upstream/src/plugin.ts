/** Forwards chat completions and model discovery to an OpenAI-compatible provider. */
import {
  createSlot,
  GatewayError,
  validateOptions,
  type ChatCompletion,
  type ChatCompletionChunk,
  type Exchange,
  type Kernel,
  type ModelResponse,
  type DependencyHealth,
  type Plugin,
  type RouteReply,
  type RouteRequest,
} from '@sluice/core';
import { codecOf } from '@sluice/wire';
import { OpenAIUpstreamOptionsSchema, type OpenAIUpstreamOptions, type OpenAIUpstreamOptionsInput } from './options.js';
import type { UpstreamClient } from './upstream-client.js';
import { CircuitBreaker, type BreakerState } from './circuit-breaker.js';
import type { UpstreamAttempt } from './upstream-attempt.js';
import { dispatch, type DispatchPolicy, type DispatchTrail } from './upstream-dispatch.js';
import { upstreamMetrics, type UpstreamMetrics } from './upstream-metrics.js';
import { UpstreamRouter } from './upstream-router.js';
import { traceHeaders } from './upstream-trace.js';
import { upstreamTargets, type UpstreamStatus, type UpstreamTarget } from './upstream-target.js';
import { streamingMetrics } from './stream/streaming-metrics.js';
import { liveForwarder } from './stream/live-forward.js';
import { readResponsesStream } from './stream/responses-events.js';
import { OPENAI_UPSTREAM_ERRORS } from './errors.js';

const PLUGIN_NAME = 'openai-upstream';
/** A Responses id as providers make them (`resp_…`): nothing that could change the upstream URL's path or query. */
const RESPONSE_ID = /^[A-Za-z0-9_-]{1,128}$/;
/** Where one request's calls went: read by its evidence, whatever the outcome. */
const TRAIL = createSlot<DispatchTrail>(PLUGIN_NAME, () => ({ attempts: 0, fallbacks: 0 }));

/**
 * @example
 * kernel.use(new OpenAIUpstreamPlugin({ baseUrl: 'https://api.openai.com/v1', apiKey: process.env.OPENAI_API_KEY }));
 */
export class OpenAIUpstreamPlugin implements Plugin {
  readonly name = PLUGIN_NAME;
  readonly errors = OPENAI_UPSTREAM_ERRORS;
  readonly options: Readonly<OpenAIUpstreamOptions>;
  /** The first upstream's `/v1` base. */
  readonly baseUrl: string;
  readonly #targets: readonly UpstreamTarget[];
  readonly #router: UpstreamRouter;
  readonly #policy: DispatchPolicy;
  #metrics: UpstreamMetrics | undefined;

  constructor(options: OpenAIUpstreamOptionsInput = {}) {
    this.options = validateOptions(PLUGIN_NAME, OpenAIUpstreamOptionsSchema, options);
    const breaker = (name: string) =>
      new CircuitBreaker({
        failures: this.options.breakerFailures,
        openMs: Math.round(this.options.breakerOpenSeconds * 1000),
        onChange: (state) => this.#breakerMoved(name, state),
      });
    try {
      this.#targets = upstreamTargets(this.options, breaker);
    } catch (error) {
      throw new Error(`${PLUGIN_NAME}: ${(error as Error).message}`, { cause: error });
    }
    this.baseUrl = this.#targets[0]!.baseUrl;
    this.#router = new UpstreamRouter(this.#targets);
    this.#policy = {
      retries: this.options.retries,
      backoff: { baseMs: this.options.retryBaseMs, maxMs: this.options.retryMaxMs },
      budgetMs: Math.round(this.options.timeoutSeconds * 1000),
    };
  }

  /**
   * The upstreams in file order, each with its masked base URL and breaker state (for `/version`).
   * @example
   * plugin.upstreams().map((u) => `${u.name}: ${u.breaker}`); // ['primary: closed', 'backup: closed']
   */
  upstreams(): UpstreamStatus[] {
    return this.#targets.map((target) => target.status());
  }

  /** One entry per upstream; never readiness-required: an open breaker is skipped, not a reason to stop serving. */
  health(): readonly DependencyHealth[] {
    return this.#targets.map((target) => {
      const state = target.breaker.state;
      const up = state !== 'open';
      return {
        name: `upstream ${target.name}`,
        readinessRequired: false,
        initialised: true,
        up,
        ...(state === 'closed' ? {} : { reason: `circuit breaker ${state.replace('_', '-')}` }),
      };
    });
  }

  apply(kernel: Kernel): void {
    const timeouts = kernel.metrics.counter({ name: 'gw_upstream_timeouts_total', help: 'Upstream calls that timed out.' });
    const duration = kernel.metrics.histogram<'outcome'>({
      name: 'gw_upstream_request_duration_seconds',
      help: 'Upstream chat-completion call time by outcome (ok or the failure class).',
      labelNames: ['outcome'],
    });

    const streamMetrics = streamingMetrics(kernel);
    this.#metrics = upstreamMetrics(kernel);
    for (const target of this.#targets) this.#metrics.breaker(target.name, target.breaker.state);
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
      path: '/v1/responses/:id',
      plugin: PLUGIN_NAME,
      handle: (request) => this.#storedResponse(request),
    });

    kernel.route({
      method: 'GET',
      path: '/v1/models',
      plugin: PLUGIN_NAME,
      handle: async ({ signal }) => {
        const trail: DispatchTrail = { attempts: 0, fallbacks: 0 };
        const reply = await dispatch(
          this.#router,
          undefined,
          signal,
          this.#policy,
          this.#requireMetrics(),
          trail,
          (target, attempt) => target.client.call('GET', '/models', undefined, signal, attempt),
        );
        return { status: reply.status, body: reply.body };
      },
    });
  }

  /**
   * `GET /v1/responses/{id}`: a stored response, asked of the upstreams (in order, with fallback) as the
   * provider keeps it; the id is checked before it goes into the upstream URL.
   */
  async #storedResponse(request: RouteRequest): Promise<RouteReply> {
    const id = request.params?.id ?? '';
    if (!RESPONSE_ID.test(id)) throw new GatewayError('invalid_request', { message: 'Invalid response id.' });
    const trail: DispatchTrail = { attempts: 0, fallbacks: 0 };
    const reply = await dispatch(
      this.#router,
      undefined,
      request.signal,
      this.#policy,
      this.#requireMetrics(),
      trail,
      (target, attempt) => target.client.call('GET', `/responses/${id}`, undefined, request.signal, attempt),
    );
    return { status: reply.status, body: reply.body };
  }

  async start(): Promise<void> {
    for (const target of this.#targets) target.open(this.options);
  }

  async stop(): Promise<void> {
    await Promise.all(this.#targets.map((target) => target.close()));
  }

  /** Sends the exchange's request to the upstreams that serve its model: retries, fallback, breakers. */
  #dispatch<T>(exchange: Exchange, send: (client: UpstreamClient, attempt: UpstreamAttempt) => Promise<T>): Promise<T> {
    const trail = exchange.slot(TRAIL);
    const trace = traceHeaders(exchange);
    return dispatch(
      this.#router,
      exchange.request.model,
      exchange.signal,
      this.#policy,
      this.#requireMetrics(),
      trail,
      (target, attempt) => {
        attempt.traceHeaders = trace;
        return send(target.client, attempt).catch((error: unknown) => {
          // Part of this answer already reached the client: the failure is the answer, never a second try.
          if (exchange.committedToClient) attempt.streamStarted = true;
          throw error;
        });
      },
    );
  }

  async #whole(exchange: Exchange): Promise<ModelResponse> {
    const codec = codecOf(exchange.endpoint);
    const request = codec.upstreamBody(exchange.request);
    // The body is checked inside the attempt, so a provider answering nonsense is fallen back from.
    const body = await this.#dispatch(exchange, async (client, attempt) =>
      codec.responseView((await client.call('POST', codec.upstreamPath, request, exchange.signal, attempt)).body),
    );
    return { status: 200, body };
  }

  /**
   * The provider's stream is read whole here, for accounting and the caches. Incremental streaming: when
   * the host offered a live sink and no plugin held the answer, each chunk also goes on to the client as
   * it arrives; otherwise (controlled) the client sees nothing until the answer is approved.
   */
  async #streamed(exchange: Exchange): Promise<ModelResponse> {
    if (exchange.endpoint === 'responses') return this.#streamedResponses(exchange);
    const request = exchange.request;
    // Usage is asked for on the client's behalf (for accounting); a client that did not ask never sees it.
    const streamOptions = { ...(isRecord(request.stream_options) ? request.stream_options : {}), include_usage: true };
    const reply = await this.#dispatch(exchange, (client, attempt) =>
      client.stream(
        '/chat/completions',
        { ...request, stream: true, stream_options: streamOptions },
        exchange.signal,
        {
          idleMs: Math.round(this.options.timeoutSeconds * 1000),
          maxMs: Math.round(this.options.streamMaxSeconds * 1000),
          maxBytes: this.options.streamMaxBytes,
          forward: liveForwarder(exchange),
        },
        attempt,
      ),
    );
    const body = codecOf(exchange.endpoint).responseView(reply.completion);
    return reply.chunks === undefined ? { status: 200, body } : { status: 200, body, chunks: reply.chunks };
  }

  /**
   * A Responses stream is read to its final event, which carries the whole response. Incremental: when the
   * host offered a live sink and nothing held the answer, each of the provider's events also goes on to the
   * client as it arrives; otherwise the client is sent events made from the approved answer (the host's replay).
   */
  async #streamedResponses(exchange: Exchange): Promise<ModelResponse> {
    const codec = codecOf(exchange.endpoint);
    const request = { ...(codec.upstreamBody(exchange.request) as Record<string, unknown>), stream: true };
    const live = exchange.liveStream;
    const limits = {
      idleMs: Math.round(this.options.timeoutSeconds * 1000),
      maxMs: Math.round(this.options.streamMaxSeconds * 1000),
      maxBytes: this.options.streamMaxBytes,
      forward: live === undefined ? undefined : (event: ChatCompletionChunk) => live.write(event),
    };
    const reply = await this.#dispatch(exchange, (client, attempt) =>
      client.stream(codec.upstreamPath, request, exchange.signal, limits, attempt, readResponsesStream),
    );
    return { status: 200, body: codec.responseView(reply.completion) };
  }

  #requireMetrics(): UpstreamMetrics {
    if (this.#metrics === undefined) throw new Error(`${PLUGIN_NAME} is not applied; call kernel.use() first`);
    return this.#metrics;
  }

  #breakerMoved(name: string, state: BreakerState): void {
    this.#metrics?.breaker(name, state);
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
    const trail = exchange.slot(TRAIL);
    const tried = { upstream_attempts: trail.attempts, upstream_fallbacks: trail.fallbacks };
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
          ...(trail.upstream === undefined ? {} : { provider_name: trail.upstream }),
          model: model ?? exchange.request.model,
          endpoint_class: exchange.endpoint.replace('.', '_'),
          response_status: status,
          latency_ms: Math.round(seconds * 1000),
        },
        attributes: errorClass === undefined ? tried : { ...tried, error_class: errorClass },
        // A held answer has not reached the client yet; a live one has once its first chunk went out.
        ...(streamed ? { committed_to_client: exchange.committedToClient } : {}),
      },
    );
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function recordUsage(exchange: Exchange, body: ChatCompletion): void {
  const usage = body.usage;
  if (usage !== undefined && Number.isFinite(usage.prompt_tokens) && Number.isFinite(usage.completion_tokens))
    exchange.usage = usage;
}
