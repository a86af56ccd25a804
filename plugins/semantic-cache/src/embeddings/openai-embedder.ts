/** The embedding client for any OpenAI-compatible `POST /v1/embeddings`, over one keep-alive undici pool. */
import { GatewayError, type Metrics } from '@sluice/core';
import { isPlaceholderKey, normaliseBaseUrl } from '@sluice/util';
import { KeyRedaction, maskUrl } from '@sluice/util';
import { Pool } from 'undici';
import type { Embedder, Embedding } from './embedder.js';
import { embeddingStatusFailure, embeddingTransportFailure } from './embedding-failure.js';
import { readEmbeddingReply } from './embedding-reply.js';

export interface OpenAIEmbedderOptions {
  /** `embedding_base_url`: a provider root or a `/v1` base, never the full endpoint. */
  readonly baseUrl: string;
  /** `embedding_api_key`; `dummy`, `none`, `null`, `-` or empty send no Authorization header. */
  readonly apiKey?: string | undefined;
  /** `embedding_model`, sent as is. */
  readonly model: string;
  /** Limit on the whole call, headers and body. */
  readonly timeoutMs: number;
  /** Pool size toward the provider; 16 when left out. */
  readonly connections?: number | undefined;
  /** The length every vector must have (`vectordb_vector_size`), when known. */
  readonly dims?: number | undefined;
  /** Where `gw_embedding_request_duration_seconds` and `gw_embedding_timeouts_total` are recorded. */
  readonly metrics: Metrics;
  readonly userAgent?: string | undefined;
}

/**
 * Embeds one text per call. Failures throw `GatewayError`: `embedding_timeout` when the call outlives
 * `timeoutMs`; `embedding_unavailable` for a transport error, a non-2xx status, a body that is not an
 * embedding list, or a vector of the wrong length; `client_closed_request` when `signal` aborts first.
 * Neither errors nor metrics ever carry the input text.
 * @example
 * const embedder = new OpenAIEmbedder({
 *   baseUrl: 'https://api.openai.com/v1',
 *   apiKey: process.env.OPENAI_API_KEY,
 *   model: 'text-embedding-3-small',
 *   dims: 1536,
 *   timeoutMs: 10_000,
 *   metrics: kernel.metrics,
 * });
 * const { vector, promptTokens } = await embedder.embed('how do I reset my password?', exchange.signal);
 */
export class OpenAIEmbedder implements Embedder {
  readonly provider = 'openai_compatible';
  readonly model: string;
  readonly dims: number | undefined;
  readonly #pool: Pool;
  readonly #path: string;
  readonly #headers: Record<string, string>;
  readonly #timeoutMs: number;
  readonly #duration: ReturnType<Metrics['histogram']>;
  readonly #timeouts: ReturnType<Metrics['counter']>;
  readonly #redaction: KeyRedaction;

  constructor(options: OpenAIEmbedderOptions) {
    const connections = options.connections ?? 16;
    if (options.model.trim() === '') throw new Error('OpenAIEmbedder: model must be a model name (embedding_model)');
    if (!(options.timeoutMs > 0 && Number.isFinite(options.timeoutMs)))
      throw new Error(`OpenAIEmbedder: timeoutMs must be a positive number of milliseconds, got ${options.timeoutMs}`);
    if (!Number.isInteger(connections) || connections < 1)
      throw new Error(`OpenAIEmbedder: connections must be a whole number from 1, got ${connections}`);
    if (options.dims !== undefined && !(Number.isInteger(options.dims) && options.dims > 0))
      throw new Error(`OpenAIEmbedder: dims must be a whole number from 1, got ${options.dims}`);
    const base = new URL(normaliseBaseUrl(options.baseUrl, 'embedding_base_url'));
    this.#pool = new Pool(base.origin, { connections, keepAliveTimeout: 30_000, pipelining: 1 });
    this.#path = `${base.pathname}/embeddings`;
    this.#timeoutMs = options.timeoutMs;
    this.model = options.model;
    this.dims = options.dims;
    this.#headers = {
      accept: 'application/json',
      'content-type': 'application/json',
      'user-agent': options.userAgent ?? 'sluice/0.1.0',
    };
    if (!isPlaceholderKey(options.apiKey)) this.#headers.authorization = `Bearer ${options.apiKey}`;
    this.#redaction = new KeyRedaction([options.apiKey]);
    this.#duration = options.metrics.histogram<'outcome'>({
      name: 'gw_embedding_request_duration_seconds',
      help: 'Embedding call time by outcome (ok or the failure class).',
      labelNames: ['outcome'],
    });
    this.#timeouts = options.metrics.counter({
      name: 'gw_embedding_timeouts_total',
      help: 'Embedding calls that timed out.',
    });
  }

  async embed(text: string, signal?: AbortSignal): Promise<Embedding> {
    const started = performance.now();
    try {
      const embedding = await this.#call(text, signal);
      this.#duration.observe({ outcome: 'ok' }, (performance.now() - started) / 1000);
      return embedding;
    } catch (error) {
      const failure = this.#reported(
        error instanceof GatewayError ? error : new GatewayError('embedding_unavailable', { cause: error }),
      );
      if (failure.code === 'embedding_timeout') this.#timeouts.inc();
      this.#duration.observe({ outcome: failure.code }, (performance.now() - started) / 1000);
      throw failure;
    }
  }

  close(): Promise<void> {
    return this.#pool.close();
  }

  /** The failure as it may be logged and reported: its message never holds the key or a URL's credentials. */
  #reported(failure: GatewayError): GatewayError {
    const message = maskUrl(this.#redaction.text(failure.message));
    return message === failure.message ? failure : new GatewayError(failure.code, { message });
  }

  async #call(text: string, clientSignal: AbortSignal | undefined): Promise<Embedding> {
    const timeout = AbortSignal.timeout(this.#timeoutMs);
    const signal = clientSignal === undefined ? timeout : AbortSignal.any([timeout, clientSignal]);
    let status: number;
    let body: string;
    try {
      const response = await this.#pool.request({
        path: this.#path,
        method: 'POST',
        headers: this.#headers,
        body: JSON.stringify({ model: this.model, input: text }),
        signal,
        headersTimeout: this.#timeoutMs,
        bodyTimeout: this.#timeoutMs,
      });
      status = response.statusCode;
      body = await response.body.text();
    } catch (error) {
      const clientGone = clientSignal?.aborted === true && !timeout.aborted;
      throw embeddingTransportFailure(error, timeout.aborted, clientGone);
    }
    if (status < 200 || status >= 300) throw embeddingStatusFailure(status);
    return readEmbeddingReply(parseJson(body), this.dims);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
