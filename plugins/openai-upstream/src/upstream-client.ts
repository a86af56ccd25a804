/** Calls the provider over one keep-alive undici pool; every call bounded by a timeout and the client. */
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { Pool } from 'undici';
import { isPlaceholderKey } from '@sluice/util';
import { GatewayError, type ChatCompletion, type ChatCompletionChunk } from '@sluice/core';
import { statusFailure, transportFailure } from './failure.js';
import { KeyRedaction } from '@sluice/util';
import { CallAbort } from './call-abort.js';
import { ChunkAssembler } from './stream/chunk-assembler.js';
import { readEventStream, type StreamLimits } from './stream/read-event-stream.js';
import { retryAfterMs, type UpstreamAttempt } from './upstream-attempt.js';

export interface UpstreamReply {
  readonly status: number;
  readonly body: unknown;
}

export interface StreamedReply {
  /** The provider's chunks, or undefined when it answered whole despite `stream: true`. */
  readonly chunks: ChatCompletionChunk[] | undefined;
  readonly completion: ChatCompletion;
}

export interface UpstreamClientOptions {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly timeoutMs: number;
  readonly connections: number;
  readonly userAgent: string;
}

export class UpstreamClient {
  readonly #pool: Pool;
  readonly #basePath: string;
  readonly #headers: Record<string, string>;
  readonly #timeoutMs: number;
  readonly #redaction: KeyRedaction;

  constructor(options: UpstreamClientOptions) {
    const base = new URL(options.baseUrl);
    this.#pool = new Pool(base.origin, { connections: options.connections, keepAliveTimeout: 30_000, pipelining: 1 });
    this.#basePath = base.pathname.replace(/\/$/, '');
    this.#timeoutMs = options.timeoutMs;
    this.#headers = { accept: 'application/json', 'user-agent': options.userAgent };
    if (!isPlaceholderKey(options.apiKey)) this.#headers.authorization = `Bearer ${options.apiKey}`;
    this.#redaction = new KeyRedaction([options.apiKey]);
  }

  /**
   * Sends one request; resolves with a 2xx reply and its parsed JSON, throws a GatewayError otherwise.
   * The timeout covers the whole call, headers and body: the attempt's, else the client's own.
   */
  async call(
    method: 'GET' | 'POST',
    route: string,
    body: unknown,
    clientSignal: AbortSignal,
    attempt?: UpstreamAttempt,
  ): Promise<UpstreamReply> {
    const timeoutMs = attempt?.timeoutMs ?? this.#timeoutMs;
    const call = new CallAbort(clientSignal, timeoutMs);
    let status: number;
    let text: string;
    let headers: IncomingHttpHeaders;
    try {
      const response = await this.#pool.request({
        path: `${this.#basePath}${route}`,
        method,
        headers:
          body === undefined
            ? attempt?.traceHeaders === undefined
              ? this.#headers
              : { ...this.#headers, ...attempt.traceHeaders }
            : { ...this.#headers, ...attempt?.traceHeaders, 'content-type': 'application/json' },
        body: body === undefined ? null : JSON.stringify(body),
        signal: call.signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      status = response.statusCode;
      headers = response.headers;
      noteReply(attempt, status, headers);
      text = await response.body.text();
    } catch (error) {
      throw transportFailure(error, call.timedOut, clientSignal.aborted && !call.timedOut);
    } finally {
      call.dispose();
    }
    if (status < 200 || status >= 300) throw statusFailure(status, errorBody(text), headers, this.#redaction);
    return { status, body: parseJson(text) };
  }

  /**
   * Sends a streaming request and reads the provider's events to the end under the limits; resolves with
   * the chunks as they came and the completion they assemble into. Nothing reaches the client before.
   */
  async stream(
    route: string,
    body: unknown,
    clientSignal: AbortSignal,
    limits: StreamLimits,
    attempt?: UpstreamAttempt,
    readWhole?: (body: Readable, limits: StreamLimits) => Promise<unknown>,
  ): Promise<StreamedReply> {
    let response;
    try {
      // The client's signal alone: once the reply has begun, destroying its body is what cancels the call.
      response = await this.#pool.request({
        path: `${this.#basePath}${route}`,
        method: 'POST',
        headers: { ...this.#headers, ...attempt?.traceHeaders, accept: 'text/event-stream', 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: clientSignal,
        headersTimeout: Math.min(limits.idleMs, attempt?.timeoutMs ?? limits.idleMs),
        // The idle gap is measured by readEventStream, which names the failure; undici's own would not.
        bodyTimeout: 0,
      });
    } catch (error) {
      throw transportFailure(error, false, clientSignal.aborted);
    }
    noteReply(attempt, response.statusCode, response.headers);
    const type = String(response.headers['content-type'] ?? '');
    if (response.statusCode < 200 || response.statusCode >= 300 || !type.includes('text/event-stream')) {
      // bodyTimeout is off for streams: a body that is not one is bounded here, as `call` bounds its own.
      let stalled = false;
      const waitMs = Math.min(limits.idleMs, attempt?.timeoutMs ?? limits.idleMs);
      const timer = setTimeout(() => {
        stalled = true;
        response.body.destroy();
      }, waitMs);
      const text = await response.body
        .text()
        .catch((error: unknown) => {
          if (stalled || clientSignal.aborted) throw transportFailure(error, stalled, clientSignal.aborted);
          return '';
        })
        .finally(() => clearTimeout(timer));
      if (response.statusCode < 200 || response.statusCode >= 300)
        throw statusFailure(response.statusCode, errorBody(text), response.headers, this.#redaction);
      // A provider that ignored `stream: true` and answered whole is still an answer.
      return { chunks: undefined, completion: parseJson(text) as ChatCompletion };
    }
    if (attempt !== undefined) attempt.streamStarted = true;
    // An endpoint whose stream carries its whole answer at the end (Responses) is read by its own reader.
    if (readWhole !== undefined) {
      const completion = await readWhole(response.body, limits).catch((error: unknown) => {
        throw clientSignal.aborted ? new GatewayError('client_closed_request', { cause: error }) : error;
      });
      return { chunks: undefined, completion: completion as ChatCompletion };
    }
    const assembler = new ChunkAssembler();
    const chunks: ChatCompletionChunk[] = [];
    try {
      const read = await readEventStream(response.body, limits, (chunk) => {
        chunks.push(chunk);
        assembler.add(chunk);
      });
      if (!assembler.complete)
        throw new GatewayError('upstream_stream_incomplete', {
          message: `The upstream stream ended ${read.done ? 'with [DONE] ' : ''}before every choice had a finish reason.`,
        });
    } catch (error) {
      if (clientSignal.aborted) throw new GatewayError('client_closed_request', { cause: error });
      throw error;
    }
    return { chunks, completion: assembler.completion() };
  }

  close(): Promise<void> {
    return this.#pool.close();
  }
}

function noteReply(attempt: UpstreamAttempt | undefined, status: number, headers: IncomingHttpHeaders): void {
  if (attempt === undefined) return;
  attempt.status = status;
  attempt.retryAfterMs = retryAfterMs(headers);
}

/** An error body longer than any provider's own is not searched for the key and passed on: the envelope answers. */
const MAX_ERROR_BODY_CHARS = 64 * 1024;

function errorBody(text: string): unknown {
  return text.length > MAX_ERROR_BODY_CHARS ? undefined : parseJson(text);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
