/**
 * Reads a provider's server-sent events under three limits: the idle gap between bytes, the whole
 * duration, and the byte count. Any breach, or a failure the reader of the events returns, ends the read
 * with the failure's class and destroys the body, which cancels the provider call (undici aborts a request
 * whose body is destroyed before its end), so no provider stream is left running. Every stream format the
 * gateway reads (chat chunks, Responses events) goes through here.
 */
import type { Readable } from 'node:stream';
import { createParser } from 'eventsource-parser';
import { GatewayError } from '@sluice/core';

export interface EventLimits {
  /** Longest gap between two reads (`upstream_timeout_seconds`). */
  readonly idleMs: number;
  /** Longest whole generation (`stream_max_duration_seconds`, 15 minutes). */
  readonly maxMs: number;
  readonly maxBytes: number;
}

/** What a stream format makes of its events. */
export interface EventReader<T> {
  /** One event's data; a failure returned ends the read with it. */
  event(data: string): GatewayError | undefined;
  /** At the stream's end, with the bytes read: the result, or the failure an unfinished stream is. */
  end(bytes: number): T | GatewayError;
}

/**
 * @example
 * const done = await readBoundedEvents(body, limits, { event: (data) => undefined, end: () => true });
 */
export function readBoundedEvents<T>(body: Readable, limits: EventLimits, reader: EventReader<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const decoder = new TextDecoder();
    let bytes = 0;
    let settled = false;
    const finish = (failure?: GatewayError) => {
      if (settled) return;
      settled = true;
      clearTimeout(idle);
      clearTimeout(ceiling);
      body.off('data', onData).off('end', onEnd).off('error', onError);
      const result = failure ?? reader.end(bytes);
      if (!(result instanceof GatewayError)) return resolve(result);
      // undici errors a body destroyed before its end (RequestAbortedError); the failure is already ours.
      body.on('error', ignoreLateError).destroy();
      reject(result);
    };
    const parser = createParser({
      onEvent(event) {
        if (settled) return;
        const failure = reader.event(event.data);
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
