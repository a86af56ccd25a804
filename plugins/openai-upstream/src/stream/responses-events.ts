/**
 * Reads a provider's Responses stream (typed events: `response.created`, `response.output_text.delta`, …,
 * `response.completed`) to its end under the same limits as a chat stream: the idle gap, the whole
 * duration and the byte count. The answer is the response the final event carries whole; the deltas
 * before it are not assembled. A breach, a bad event, `response.failed` or `error` ends the read with
 * the failure's class and destroys the body, which cancels the provider call. Each event that is neither
 * goes on to `limits.forward` as it arrives (incremental streaming), as the provider sent it.
 */
import type { Readable } from 'node:stream';
import { createParser } from 'eventsource-parser';
import { GatewayError, type ChatCompletionChunk } from '@sluice/core';
import type { StreamLimits } from './read-event-stream.js';

/** The events that end a Responses stream with the whole response. */
const FINAL = new Set(['response.completed', 'response.incomplete']);
const FAILED = new Set(['response.failed', 'error']);

/**
 * Resolves with the Responses object of the stream's final event.
 * @example
 * const response = await readResponsesStream(reply.body, { idleMs: 120_000, maxMs: 900_000, maxBytes: 8 << 20 });
 */
export function readResponsesStream(body: Readable, limits: StreamLimits): Promise<unknown> {
  return new Promise<unknown>((resolve, reject) => {
    const decoder = new TextDecoder();
    let bytes = 0;
    let final: unknown;
    let settled = false;
    const finish = (failure?: GatewayError) => {
      if (settled) return;
      settled = true;
      clearTimeout(idle);
      clearTimeout(ceiling);
      body.off('data', onData).off('end', onEnd).off('error', onError);
      if (failure === undefined && final !== undefined) return resolve(final);
      // undici errors a body destroyed before its end (RequestAbortedError); the failure is already ours.
      body.on('error', ignoreLateError).destroy();
      reject(failure ?? incomplete());
    };
    const parser = createParser({
      onEvent(event) {
        if (settled || event.data.trim() === '[DONE]') return;
        const read = eventOf(event.data);
        if (read instanceof GatewayError) return finish(read);
        if (FAILED.has(read.type)) return finish(new GatewayError('upstream_stream_error'));
        if (FINAL.has(read.type)) final = read.response;
        limits.forward?.(read.event);
      },
    });
    const onData = (data: Buffer) => {
      bytes += data.length;
      if (bytes > limits.maxBytes) return finish(new GatewayError('upstream_stream_too_large'));
      idle.refresh();
      parser.feed(decoder.decode(data, { stream: true }));
    };
    const onEnd = () => finish();
    const onError = (error: Error) =>
      finish(error instanceof GatewayError ? error : new GatewayError('upstream_stream_incomplete', { cause: error }));
    const stalled = () =>
      new GatewayError('upstream_timeout', { message: 'The upstream stream stalled longer than upstream_timeout_seconds.' });
    const idle = setTimeout(() => finish(stalled()), limits.idleMs);
    const ceiling = setTimeout(() => finish(new GatewayError('upstream_stream_too_long')), limits.maxMs);
    body.on('data', onData).on('end', onEnd).on('error', onError);
  });
}

function ignoreLateError(): void {}

function incomplete(): GatewayError {
  return new GatewayError('upstream_stream_incomplete', {
    message: 'The upstream Responses stream ended before response.completed.',
  });
}

/** One event's data: an object with a string `type`, else a malformed stream. */
function eventOf(data: string): { type: string; response?: unknown; event: ChatCompletionChunk } | GatewayError {
  const malformed = () =>
    new GatewayError('upstream_stream_malformed', {
      message: 'The upstream provider sent a stream event that is not a Responses event.',
    });
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return malformed();
  }
  const type = (parsed as { type?: unknown } | null)?.type;
  if (typeof type !== 'string') return malformed();
  const response = (parsed as { response?: unknown }).response;
  if (FINAL.has(type) && (typeof response !== 'object' || response === null)) return malformed();
  // Forwarded as the live sink's chunk: any JSON object travels as it came.
  return { type, response, event: parsed as ChatCompletionChunk };
}
