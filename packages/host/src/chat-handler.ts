/**
 * POST /v1/chat/completions on plain node:http: body → exchange → kernel → reply with the headers the
 * plugins set on the exchange and the host's own. Framework-free, so a host can serve this hot route
 * without a framework in the way; the Koa route uses it too.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { GatewayError, toGatewayError } from '@sluice/core';
import { Exchange } from '@sluice/core';
import type { ModelResponse } from '@sluice/core';
import { replayChunks, sseText } from './stream-replay.js';
import type { Kernel } from '@sluice/core';
import { chatCodec, type EndpointCodec } from '@sluice/wire';
import { ClientAbort, lowerCaseHeaders } from './client.js';
import { LiveReply, type StreamingMode } from './live-reply.js';
import { parseJsonText, readBodyText } from './read-body.js';
import { replyJson } from './reply-json.js';
import { RequestMemo } from './request-memo.js';

/** Shared by every kernel of the process: what each holds depends on its endpoint and the body text alone. */
const parsedRequests = new Map<EndpointCodec, RequestMemo>();

function memoOf(codec: EndpointCodec): RequestMemo {
  let memo = parsedRequests.get(codec);
  if (memo === undefined) parsedRequests.set(codec, (memo = new RequestMemo()));
  return memo;
}

/**
 * How `serveChatCompletion` treats a request: the body limit and whether streaming is offered come from
 * the service's config, and `onExchange` lets the service fill in what only it knows (the tenant) before
 * the kernel runs.
 * @example
 * const options: ChatHandlerOptions = {
 *   maxBodyBytes: 1 << 20,
 *   streaming: true,
 *   onExchange: (exchange) => {
 *     exchange.tenant = 'acme';
 *   },
 * };
 */
export interface ChatHandlerOptions {
  readonly maxBodyBytes: number;
  readonly streaming: boolean;
  /** How a streamed request is answered (`streaming_mode`). Default `incremental`. */
  readonly streamingMode?: StreamingMode | undefined;
  /**
   * Called with each new exchange before it runs, and before a refused one (a body that fails its
   * checks) is rejected, e.g. to set the tenant its evidence names. A throw fails the request (as
   * `internal_error` unless it is a GatewayError); on a refused exchange the refusal's own error stands.
   */
  readonly onExchange?: ((exchange: Exchange) => void) | undefined;
  /** The endpoint served: its wire format in and out. Default chat completions. */
  readonly codec?: EndpointCodec | undefined;
}

/**
 * Serves one chat-completion request to the end; never throws.
 * @example
 * createServer((req, res) => void serveChatCompletion(kernel, { maxBodyBytes: 1 << 20, streaming: false }, req, res));
 */
export async function serveChatCompletion(
  kernel: Kernel,
  options: ChatHandlerOptions,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const headers = lowerCaseHeaders(req.headers);
  const signal = new ClientAbort(res);
  // Offered to streamed requests only; an exact hit on a gateway without streaming makes none.
  const live = options.streaming && options.streamingMode !== 'controlled' ? new LiveReply(res) : undefined;
  // Read here rather than in an async prepare(): one promise fewer on every request.
  let text: string | undefined;
  let unread: unknown;
  try {
    text = await readBodyText(req, options.maxBodyBytes);
  } catch (error) {
    unread = error;
  }
  const exchange =
    text === undefined
      ? refused(kernel, options, undefined, headers, signal, unread)
      : prepare(kernel, options, text, headers, signal, live);
  if (exchange.error === undefined) await kernel.run(exchange);
  // The answer went out as it arrived: only its end is left to write.
  if (live?.started === true) return live.end(exchange);
  await checkPhase();
  writeReply(res, exchange, options.codec ?? chatCodec);
}

/** The exchange of a body read in full, or one already failed when the body does not pass its checks. */
function prepare(
  kernel: Kernel,
  options: ChatHandlerOptions,
  text: string,
  headers: Record<string, string | undefined>,
  signal: ClientAbort,
  live: LiveReply | undefined,
): Exchange {
  let body: unknown;
  let exchange: Exchange | undefined;
  try {
    const codec = options.codec ?? chatCodec;
    const memo = memoOf(codec);
    const known = memo.get(text);
    body = known ?? parseJsonText(text);
    const request = known ?? memo.remember(text, codec.parse(body));
    if (request.stream === true && !options.streaming) throw new GatewayError('streaming_disabled');
    const liveStream = request.stream === true ? live : undefined;
    const init = {
      request,
      endpoint: codec.endpoint,
      textAnswer: codec.textAnswer,
      mode: kernel.mode,
      headers,
      signal,
      liveStream,
    };
    exchange = new Exchange(init);
    liveStream?.attach(exchange);
    codec.admit?.(exchange);
    options.onExchange?.(exchange);
    return exchange;
  } catch (error) {
    // Only onExchange throws once the exchange exists: that exchange fails, and the hook is not called again.
    if (exchange === undefined) return refused(kernel, options, body, headers, signal, error);
    kernel.reject(exchange, toGatewayError(error));
    return exchange;
  }
}

/** An exchange that failed before it could run, with the model of the body when it had one. */
function refused(
  kernel: Kernel,
  options: ChatHandlerOptions,
  body: unknown,
  headers: Record<string, string | undefined>,
  signal: ClientAbort,
  error: unknown,
): Exchange {
  const model = typeof (body as { model?: unknown })?.model === 'string' ? (body as { model: string }).model : '';
  const endpoint = (options.codec ?? chatCodec).endpoint;
  const exchange = new Exchange({ request: { model, messages: [] }, endpoint, mode: kernel.mode, headers, signal });
  try {
    options.onExchange?.(exchange);
  } catch {
    // The refusal's own error is the answer; a hook failing on a request already refused changes nothing.
  }
  kernel.reject(exchange, toGatewayError(error));
  return exchange;
}

/**
 * Waits for the check phase of the event loop. A reply written in the same poll phase that read its
 * request puts a write between the reads of the other ready sockets; replying once the poll phase has
 * drained lets the loop take every ready request first. Measured on the gateway benchmark (32
 * connections, exact hits from memory): about 8,400 → 15,900 requests/s, for a few µs of latency.
 */
function checkPhase(): Promise<void> {
  return new Promise((resolve) => {
    if (waiting.push(resolve) === 1) setImmediate(replyAll);
  });
}

/** Replies waiting for the check phase: one immediate serves all those ready in a turn of the loop. */
let waiting: (() => void)[] = [];

function replyAll(): void {
  const ready = waiting;
  waiting = [];
  for (const resolve of ready) resolve();
}

function writeReply(res: ServerResponse, exchange: Exchange, codec: EndpointCodec): void {
  if (res.headersSent || res.destroyed) return;
  // The plugins' headers first: neither they nor an error's may replace the host's own.
  const headers: Record<string, string | number> = { ...exchange.responseHeaders };
  let status: number;
  let body: unknown;
  if (exchange.error !== undefined) {
    ({ status, body } = exchange.error.reply());
    Object.assign(headers, exchange.error.headers);
    addOwnHeaders(headers, exchange);
  } else {
    const response = exchange.response;
    if (response === undefined) throw new Error('kernel.run ended without a response or an error');
    addOwnHeaders(headers, exchange);
    Object.assign(headers, response.headers);
    if (response.status === 200 && exchange.original.stream === true) return writeStream(res, headers, exchange, response, codec);
    status = response.status;
    body = codec.clientBody(response, exchange);
  }
  const json = replyJson(body);
  headers['content-length'] = json.bytes;
  res.writeHead(status, headers);
  res.end(json.text);
}

/**
 * A streamed answer sent whole (controlled streaming, an answer a plugin held, a cache hit): it is complete
 * and approved before its first byte is written, so the client sees a stream or an error, never a partial
 * stream. Errors and non-200 answers stay JSON.
 */
function writeStream(
  res: ServerResponse,
  headers: Record<string, string | number>,
  exchange: Exchange,
  response: ModelResponse,
  codec: EndpointCodec,
): void {
  const options = exchange.original.stream_options as { include_usage?: unknown } | undefined;
  const text = codec.replay?.(response, exchange) ?? sseText(replayChunks(response, options?.include_usage === true));
  headers['content-type'] = 'text/event-stream; charset=utf-8';
  headers['cache-control'] = 'no-cache, no-transform';
  // Proxies such as nginx must not buffer the stream.
  headers['x-accel-buffering'] = 'no';
  headers['content-length'] = Buffer.byteLength(text);
  res.writeHead(200, headers);
  res.end(text);
}

function addOwnHeaders(headers: Record<string, string | number>, exchange: Exchange): void {
  headers['x-sluice-trace-id'] = exchange.traceId;
  headers['content-type'] = 'application/json; charset=utf-8';
}
