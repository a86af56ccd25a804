/**
 * Incremental streaming: the reply to a streamed request whose chunks go to the client as the provider
 * sends them. Status and headers go out with the first chunk; the end (`data: [DONE]`, or an error
 * event) once the kernel has finished the exchange.
 */
import type { ServerResponse } from 'node:http';
import { blockError, errorEnvelope, type ChatCompletionChunk, type Exchange, type LiveStream } from '@sluice/core';

/** What an event stream is answered with; proxies such as nginx must not buffer it. */
const STREAM_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
});

/**
 * The host's live sink for one streamed request (`ExchangeInit.liveStream`). Headers a tap sets after the
 * first chunk (the `respond` taps: `x-sluice-cache`, `Age`, …) can no longer be headers; `end` sends them
 * as HTTP trailers, which a chunked HTTP/1.1 reply carries and most clients ignore.
 * @example
 * const live = new LiveReply(res);
 * const exchange = new Exchange({ request, mode: kernel.mode, liveStream: live });
 * live.attach(exchange);
 * await kernel.run(exchange);
 * if (live.started) live.end(exchange);
 * else writeWholeReply(res, exchange);
 */
export class LiveReply implements LiveStream {
  readonly #res: ServerResponse;
  #exchange: Exchange | undefined;
  /** The header names sent with the status, lower-case; set by the first chunk. */
  #sent: Set<string> | undefined;

  constructor(res: ServerResponse) {
    this.#res = res;
  }

  /** The exchange whose trace id and headers the first chunk sends. */
  attach(exchange: Exchange): void {
    this.#exchange = exchange;
  }

  get started(): boolean {
    return this.#sent !== undefined;
  }

  write(chunk: ChatCompletionChunk): void {
    const res = this.#res;
    if (this.#sent === undefined) this.#start();
    if (res.destroyed) return;
    res.write(`data: ${JSON.stringify(chunk)}\n\n`);
  }

  /**
   * Ends a started reply with the exchange's outcome: `data: [DONE]` for an answer, or one error event in
   * the error envelope for a failure (or a block) after the first byte, since the status line is gone.
   */
  end(exchange: Exchange): void {
    const res = this.#res;
    if (res.destroyed || res.writableEnded) return;
    const failure = exchange.error ?? (exchange.verdict === undefined ? undefined : blockError(exchange.verdict));
    if (failure !== undefined) {
      res.end(`data: ${JSON.stringify(errorEnvelope(failure.code, failure.message, failure))}\n\n`);
      return;
    }
    const trailers = this.#lateHeaders(exchange);
    if (trailers !== undefined) res.addTrailers(trailers);
    res.end('data: [DONE]\n\n');
  }

  #start(): void {
    const exchange = this.#exchange;
    if (exchange === undefined) throw new Error('LiveReply.write() before attach(exchange)');
    // The plugins' headers first: they may not replace the host's own.
    const headers: Record<string, string> = { ...exchange.responseHeaders, ...STREAM_HEADERS };
    headers['x-sluice-trace-id'] = exchange.traceId;
    this.#sent = new Set(Object.keys(headers));
    if (!this.#res.destroyed) this.#res.writeHead(200, headers);
  }

  /** Headers taps and the response set once the reply had started, for the trailers. */
  #lateHeaders(exchange: Exchange): Record<string, string> | undefined {
    let late: Record<string, string> | undefined;
    const sent = this.#sent ?? new Set<string>();
    const responseHeaders = exchange.response?.headers ?? {};
    for (const [name, value] of [...Object.entries(exchange.responseHeaders), ...Object.entries(responseHeaders)]) {
      const lower = name.toLowerCase();
      if (!sent.has(lower) && typeof value === 'string') (late ??= {})[lower] = value;
    }
    return late;
  }
}

/**
 * How a streamed request is answered (`streaming_mode`): `incremental` sends the provider's chunks as they
 * arrive unless a plugin holds the answer for this request (`exchange.holdResponse`); `controlled` always
 * sends the answer once it is whole and approved.
 * @example
 * new RequestHandler({ kernel, maxBodyBytes: 1 << 20, streaming: true, streamingMode: 'controlled' });
 */
export type StreamingMode = 'incremental' | 'controlled';
