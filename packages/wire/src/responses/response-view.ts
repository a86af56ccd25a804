/**
 * A Responses object as the chat completion every hook sees: one choice whose message holds the answer's
 * text (its `output_text` parts joined) and its function calls as `tool_calls`, the finish reason, and
 * usage in chat terms. The Responses object itself travels on the view in {@link RESPONSES_BODY}, so the
 * client gets it back whole, with any text a plugin rewrote written in.
 */
import { GatewayError, type ChatCompletion, type Usage } from '@sluice/core';

/**
 * The field of a response view that keeps the upstream's Responses object.
 * @example
 * const original = exchange.response?.body[RESPONSES_BODY] as Record<string, unknown> | undefined;
 */
export const RESPONSES_BODY = 'responses_body';

type Item = Record<string, unknown>;

/** The answer's text parts in order: each message item's `output_text` parts. */
export function outputTexts(output: readonly unknown[]): { item: number; part: number; text: string }[] {
  const texts: { item: number; part: number; text: string }[] = [];
  output.forEach((raw, item) => {
    const entry = raw as Item | null;
    if (entry?.type !== 'message' || !Array.isArray(entry.content)) return;
    entry.content.forEach((rawPart: unknown, part) => {
      const p = rawPart as { type?: unknown; text?: unknown } | null;
      if (p?.type === 'output_text' && typeof p.text === 'string') texts.push({ item, part, text: p.text });
    });
  });
  return texts;
}

/** The function calls of an answer, as chat tool calls. */
export function functionCalls(output: readonly unknown[]): { item: number; call: Item }[] {
  const calls: { item: number; call: Item }[] = [];
  output.forEach((raw, item) => {
    const entry = raw as Item | null;
    if (entry?.type !== 'function_call') return;
    const call = { id: entry.call_id, type: 'function', function: { name: entry.name, arguments: entry.arguments } };
    calls.push({ item, call });
  });
  return calls;
}

function finishReason(body: Item, hasCalls: boolean): string {
  if (body.status === 'incomplete') {
    const reason = (body.incomplete_details as { reason?: unknown } | null)?.reason;
    return reason === 'content_filter' ? 'content_filter' : 'length';
  }
  return hasCalls ? 'tool_calls' : 'stop';
}

function usageOf(body: Item): Usage | undefined {
  const usage = body.usage as { input_tokens?: unknown; output_tokens?: unknown; total_tokens?: unknown } | null;
  if (typeof usage?.input_tokens !== 'number' || typeof usage.output_tokens !== 'number') return undefined;
  const total = typeof usage.total_tokens === 'number' ? usage.total_tokens : usage.input_tokens + usage.output_tokens;
  return { prompt_tokens: usage.input_tokens, completion_tokens: usage.output_tokens, total_tokens: total };
}

/**
 * The chat-shaped view of an upstream Responses object; throws `upstream_invalid_response` when the body
 * is not one (no `output` array).
 * @example
 * const view = responsesCompletionView({ id: 'resp_1', object: 'response', status: 'completed', model: 'm',
 *   output: [{ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Hi' }] }] });
 * // view.choices[0].message.content === 'Hi'
 */
export function responsesCompletionView(body: unknown): ChatCompletion {
  if (typeof body !== 'object' || body === null || !Array.isArray((body as Item).output)) {
    throw new GatewayError('upstream_invalid_response', {
      message: 'The upstream provider answered with a body that is not a Responses object.',
    });
  }
  const response = body as Item;
  const output = response.output as unknown[];
  const texts = outputTexts(output);
  const calls = functionCalls(output);
  const message: Item = { role: 'assistant', content: texts.length === 0 ? null : texts.map((t) => t.text).join('') };
  if (calls.length > 0) message.tool_calls = calls.map((c) => c.call);
  const usage = usageOf(response);
  return {
    ...(typeof response.id === 'string' ? { id: response.id } : {}),
    object: 'chat.completion',
    ...(typeof response.created_at === 'number' ? { created: response.created_at } : {}),
    ...(typeof response.model === 'string' ? { model: response.model } : {}),
    choices: [{ index: 0, message, finish_reason: finishReason(response, calls.length > 0) }],
    ...(usage === undefined ? {} : { usage }),
    [RESPONSES_BODY]: response,
  };
}
