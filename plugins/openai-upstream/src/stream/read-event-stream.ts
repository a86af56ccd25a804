/**
 * Reads a provider's server-sent events into chat completion chunks, under three limits: the idle gap
 * between bytes, the whole duration, and the byte count. Any breach or a bad event ends the read with
 * the failure's class and destroys the body, which cancels the provider call (undici aborts a request
 * whose body is destroyed before its end), so no provider stream is left running.
 */
import type { Readable } from 'node:stream';
import { createParser } from 'eventsource-parser';
import { GatewayError, type ChatCompletionChunk } from '@sluice/core';

export interface StreamLimits {
  /** Longest gap between two reads (`upstream_timeout_seconds`). */
  readonly idleMs: number;
  /** Longest whole generation (`stream_max_duration_seconds`, 15 minutes). */
  readonly maxMs: number;
  readonly maxBytes: number;
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
  return new Promise<StreamRead>((resolve, reject) => {
    const decoder = new TextDecoder();
    let bytes = 0;
    let done = false;
    let settled = false;
    const finish = (failure?: GatewayError) => {
      if (settled) return;
      settled = true;
      clearTimeout(idle);
      clearTimeout(ceiling);
      body.off('data', onData).off('end', onEnd).off('error', onError);
      if (failure === undefined) return resolve({ done, bytes });
      // undici errors a body destroyed before its end (RequestAbortedError); the failure is already ours.
      body.on('error', ignoreLateError).destroy();
      reject(failure);
    };
    const parser = createParser({
      onEvent(event) {
        if (settled) return;
        if (event.data.trim() === '[DONE]') {
          done = true;
          return;
        }
        const failure = chunkOf(event.data, onChunk, limits.forward);
        if (failure !== undefined) finish(failure);
      },
    });
    const onData = (data: Buffer) => {
      bytes += data.length;
      if (bytes > limits.maxBytes) return finish(new GatewayError('upstream_stream_too_large'));
      idle.refresh();
      // A multi-byte character may be split across reads; the decoder keeps the partial bytes.
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
