/**
 * Reads a provider's Responses stream (typed events: `response.created`, `response.output_text.delta`, …,
 * `response.completed`) to its end under the same limits as a chat stream: the idle gap, the whole
 * duration and the byte count. The answer is the response the final event carries whole; the deltas
 * before it are not assembled. A breach, a bad event, `response.failed` or `error` ends the read with
 * the failure's class and destroys the body, which cancels the provider call. Each event that is neither
 * goes on to `limits.forward` as it arrives (incremental streaming), as the provider sent it.
 */
import type { Readable } from 'node:stream';
import { GatewayError, type ChatCompletionChunk } from '@sluice/core';
import { readBoundedEvents } from './bounded-events.js';
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
  let final: unknown;
  return readBoundedEvents<unknown>(body, limits, {
    event(data) {
      if (data.trim() === '[DONE]') return undefined;
      const read = eventOf(data);
      if (read instanceof GatewayError) return read;
      if (FAILED.has(read.type)) return new GatewayError('upstream_stream_error');
      if (FINAL.has(read.type)) final = read.response;
      limits.forward?.(read.event);
      return undefined;
    },
    end: () => final ?? incomplete(),
  });
}

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
