/** POST /v1/chat/completions: body → exchange → kernel → reply with sluice headers. */
import type { Context } from 'koa';
import { GatewayError, toGatewayError } from '../errors.js';
import { Exchange } from '../exchange.js';
import type { Kernel } from '../kernel.js';
import { parseChatRequest } from './chat-request.js';
import { clientSignal, lowerCaseHeaders } from './client.js';
import { readJsonBody } from './read-body.js';
import { writeError } from './write-error.js';
import type { HostOptions } from './host-options.js';

const TRUE_WORDS = new Set(['1', 'true', 'yes', 'on']);

export function chatCompletionsHandler(kernel: Kernel, options: HostOptions) {
  return async (ctx: Context): Promise<void> => {
    const headers = lowerCaseHeaders(ctx.req.headers);
    const exchange = await prepare(kernel, options, ctx, headers);
    if (exchange.error === undefined) await kernel.run(exchange);
    await checkPhase();
    writeReply(ctx, exchange);
  };
}

async function prepare(
  kernel: Kernel,
  options: HostOptions,
  ctx: Context,
  headers: Record<string, string | undefined>,
): Promise<Exchange> {
  const signal = clientSignal(ctx);
  let body: unknown;
  try {
    body = await readJsonBody(ctx.req, options.maxBodyBytes);
    const request = parseChatRequest(body);
    if (request.stream === true) {
      throw new GatewayError(options.streaming ? 'streaming_not_supported' : 'streaming_disabled');
    }
    const exchange = new Exchange({ request, mode: kernel.mode, headers, signal });
    exchange.bypassCache = TRUE_WORDS.has((headers['x-sluice-cache-bypass'] ?? '').trim().toLowerCase());
    options.onExchange?.(exchange, ctx);
    return exchange;
  } catch (error) {
    const model = typeof (body as { model?: unknown })?.model === 'string' ? (body as { model: string }).model : '';
    const exchange = new Exchange({ request: { model, messages: [] }, mode: kernel.mode, headers, signal });
    kernel.reject(exchange, toGatewayError(error));
    return exchange;
  }
}

/**
 * Waits for the check phase of the event loop. A reply written in the same poll phase that read its
 * request puts a write between the reads of the other ready sockets; replying once the poll phase has
 * drained lets the loop take every ready request first. Measured on the gateway benchmark (32
 * connections, exact hits from memory): about 8,400 → 15,900 requests/s, for a few µs of latency.
 */
function checkPhase(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function writeReply(ctx: Context, exchange: Exchange): void {
  ctx.set('x-sluice-trace-id', exchange.traceId);
  if (exchange.error !== undefined) {
    writeError(ctx, exchange.error);
    return;
  }
  const response = exchange.response;
  if (response === undefined) throw new Error('kernel.run ended without a response or an error');
  ctx.set('x-sluice-cache', cacheHeader(exchange));
  if (exchange.cache.status === 'hit' && exchange.cache.similarity !== undefined) {
    ctx.set('x-sluice-similarity', exchange.cache.similarity.toFixed(4));
  }
  for (const [name, value] of Object.entries(response.headers ?? {})) ctx.set(name, value);
  ctx.status = response.status;
  ctx.type = 'application/json';
  ctx.body = JSON.stringify(response.body);
}

function cacheHeader(exchange: Exchange): string {
  switch (exchange.cache.status) {
    case 'hit':
      return `hit-${exchange.cache.layer ?? 'unknown'}`;
    case 'bypass':
      return 'bypass';
    default:
      return 'miss';
  }
}
