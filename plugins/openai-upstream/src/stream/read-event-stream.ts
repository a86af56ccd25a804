/**
 * Reads a provider's chat completion stream into its chunks, under the limits of every provider stream
 * (bounded-events.ts): a bad event or a provider's error event ends the read with its failure class.
 */
import type { Readable } from 'node:stream';
import { GatewayError, type ChatCompletionChunk } from '@sluice/core';
import { readBoundedEvents, type EventLimits } from './bounded-events.js';

export interface StreamLimits extends EventLimits {
  /**
   * Told each chunk once `onChunk` has it, e.g. to send it on to the client at once (incremental
   * streaming, `liveForwarder`); carried with the limits so every reader of a stream honours it.
   */
  readonly forward?: ((chunk: ChatCompletionChunk) => void) | undefined;
}

export interface StreamRead {
  /** `data: [DONE]` arrived. */
  readonly done: boolean;
  readonly bytes: number;
}

/**
 * @example
 * await readEventStream(response.body, limits, (chunk) => assembler.add(chunk));
 */
export function readEventStream(
  body: Readable,
  limits: StreamLimits,
  onChunk: (chunk: ChatCompletionChunk) => void,
): Promise<StreamRead> {
  let done = false;
  return readBoundedEvents(body, limits, {
    event(data) {
      if (data.trim() === '[DONE]') {
        done = true;
        return undefined;
      }
      return chunkOf(data, onChunk, limits.forward);
    },
    end: (bytes) => ({ done, bytes }),
  });
}

/** Parses one event's data; a provider error event or anything that is not a chunk is a failure. */
function chunkOf(
  data: string,
  onChunk: (chunk: ChatCompletionChunk) => void,
  forward: ((chunk: ChatCompletionChunk) => void) | undefined,
): GatewayError | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return new GatewayError('upstream_stream_malformed');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return new GatewayError('upstream_stream_malformed');
  if ('error' in parsed && (parsed as { error: unknown }).error) return new GatewayError('upstream_stream_error');
  const chunk = parsed as ChatCompletionChunk;
  if (!Array.isArray(chunk.choices)) return new GatewayError('upstream_stream_malformed');
  onChunk(chunk);
  forward?.(chunk);
  return undefined;
}
