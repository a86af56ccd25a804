/**
 * Incremental streaming on the provider's side: each chunk the provider sends goes on to the client's
 * live sink as it arrives, as the client would have had it from the provider directly.
 */
import type { ChatCompletionChunk, Exchange, LiveStream } from '@sluice/core';

/**
 * What of each provider chunk the client is sent, or undefined when none: the gateway asks the provider
 * for usage on the client's behalf (for accounting), so a client that did not ask never sees the usage
 * chunk nor the `usage: null` of the others.
 * @example
 * const sent = clientChunk(chunk, false);
 * if (sent !== undefined) live.write(sent);
 */
export function clientChunk(chunk: ChatCompletionChunk, includeUsage: boolean): ChatCompletionChunk | undefined {
  if (includeUsage) return chunk;
  if (Array.isArray(chunk.choices) && chunk.choices.length === 0 && chunk.usage) return undefined;
  if (!('usage' in chunk)) return chunk;
  const { usage: _usage, ...rest } = chunk;
  return rest;
}

/**
 * The function that forwards provider chunks to the exchange's live sink, or undefined when the answer is
 * held whole (no sink offered, or a plugin holds it).
 * @example
 * const forward = liveForwarder(exchange);
 * await readEventStream(body, limits, (chunk) => {
 *   assembler.add(chunk);
 *   forward?.(chunk);
 * });
 */
export function liveForwarder(exchange: Exchange): ((chunk: ChatCompletionChunk) => void) | undefined {
  const live: LiveStream | undefined = exchange.liveStream;
  if (live === undefined) return undefined;
  const options = exchange.original.stream_options as { include_usage?: unknown } | undefined;
  const includeUsage = options?.include_usage === true;
  return (chunk) => {
    const sent = clientChunk(chunk, includeUsage);
    if (sent !== undefined) live.write(sent);
  };
}
