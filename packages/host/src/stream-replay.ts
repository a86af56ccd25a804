/**
 * A complete chat completion as the `chat.completion.chunk` events a streaming client expects. Used for
 * answers that were not streamed by the provider (cache hits, refusals, rewritten answers): every field of
 * the stored message travels (content, tool calls, reasoning, refusal, logprobs), so nothing is lost.
 */
import type { ChatCompletion, ChatCompletionChunk, ModelResponse } from '@sluice/core';

interface Choice {
  index?: number;
  message?: Record<string, unknown>;
  finish_reason?: unknown;
  logprobs?: unknown;
}

/**
 * One chunk per choice with its whole message as the delta, one with its finish reason, and a usage
 * chunk (`choices: []`) when the client asked for usage.
 * @example
 * completionChunks({ id: 'c1', model: 'm', choices: [{ index: 0, message: { role: 'assistant', content: 'hi' }, finish_reason: 'stop' }] }, false);
 * // [{ …, choices: [{ index: 0, delta: { role: 'assistant', content: 'hi' }, … }] }, { …, finish_reason: 'stop' }]
 */
export function completionChunks(body: ChatCompletion, includeUsage: boolean): ChatCompletionChunk[] {
  const { choices = [], usage, object: _object, ...head } = body;
  const chunks: ChatCompletionChunk[] = [];
  // OpenAI: with include_usage, every chunk before the usage chunk carries `usage: null`.
  const tail = includeUsage ? { usage: null } : {};
  for (const [position, raw] of (choices as Choice[]).entries()) {
    const index = raw.index ?? position;
    const { tool_calls: toolCalls, ...message } = raw.message ?? { role: 'assistant' };
    const delta: Record<string, unknown> = { ...message };
    if (Array.isArray(toolCalls)) delta.tool_calls = toolCalls.map((call: unknown, i) => ({ index: i, ...(call as object) }));
    chunks.push({
      ...head,
      object: 'chat.completion.chunk',
      choices: [{ index, delta, logprobs: raw.logprobs ?? null, finish_reason: null }],
      ...tail,
    });
    chunks.push({
      ...head,
      object: 'chat.completion.chunk',
      choices: [{ index, delta: {}, logprobs: null, finish_reason: raw.finish_reason ?? 'stop' }],
      ...tail,
    });
  }
  if (includeUsage && usage !== undefined) chunks.push({ ...head, object: 'chat.completion.chunk', choices: [], usage });
  return chunks;
}

/**
 * The chunks a streaming client is sent: the provider's own when it streamed and nothing rewrote the
 * answer since, else made from the body; usage only for a client that asked for it.
 * @example
 * const includeUsage = (exchange.original.stream_options as { include_usage?: unknown } | undefined)?.include_usage === true;
 * res.end(sseText(replayChunks(response, includeUsage)));
 */
export function replayChunks(response: ModelResponse, includeUsage: boolean): readonly ChatCompletionChunk[] {
  if (response.chunks === undefined) return completionChunks(response.body, includeUsage);
  if (includeUsage) return response.chunks;
  // The gateway asked the provider for usage on the client's behalf; a client that did not ask never sees it.
  return response.chunks
    .filter((chunk) => !(Array.isArray(chunk.choices) && chunk.choices.length === 0 && chunk.usage))
    .map((chunk) => {
      if (!('usage' in chunk)) return chunk;
      const { usage: _usage, ...rest } = chunk;
      return rest;
    });
}

/**
 * The event-stream text of the chunks, ending with `data: [DONE]`, written in one piece: a replayed answer
 * is complete already, so there is nothing to wait for between events.
 * @example
 * sseText([]); // 'data: [DONE]\n\n'
 */
export function sseText(chunks: readonly ChatCompletionChunk[]): string {
  let text = '';
  for (const chunk of chunks) text += `data: ${JSON.stringify(chunk)}\n\n`;
  return `${text}data: [DONE]\n\n`;
}
