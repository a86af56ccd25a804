/**
 * The response side of a restore: the assistant texts that may hold placeholders (content, each tool
 * call's `function.arguments`, `reasoning_content`, in every choice), and the response rebuilt with the
 * restored strings.
 */
import type { ChatCompletion, ModelResponse } from '@sluice/core';

/** Where one text sits: `choices[choice].message` field, or a tool call's arguments. */
type Location =
  | { readonly choice: number; readonly field: 'content' | 'reasoning_content' }
  | { readonly choice: number; readonly field: 'arguments'; readonly call: number };

export interface ResponseText {
  readonly location: Location;
  readonly text: string;
  /** Tool-call arguments are JSON: a restored value must be escaped as inside a JSON string. */
  readonly format: 'text' | 'json';
}

type Message = Record<string, unknown> & { tool_calls?: unknown };
type ToolCall = Record<string, unknown> & { function?: Record<string, unknown> };

function messageOf(choice: unknown): Message | undefined {
  const message = (choice as { message?: unknown } | null)?.message;
  return typeof message === 'object' && message !== null ? (message as Message) : undefined;
}

export function responseTexts(body: ChatCompletion): ResponseText[] {
  const texts: ResponseText[] = [];
  (body.choices ?? []).forEach((choice, index) => {
    const message = messageOf(choice);
    if (message === undefined) return;
    if (typeof message.content === 'string')
      texts.push({ location: { choice: index, field: 'content' }, text: message.content, format: 'text' });
    if (Array.isArray(message.tool_calls)) {
      message.tool_calls.forEach((call: unknown, i) => {
        const args = (call as ToolCall | null)?.function?.arguments;
        if (typeof args === 'string')
          texts.push({ location: { choice: index, field: 'arguments', call: i }, text: args, format: 'json' });
      });
    }
    if (typeof message.reasoning_content === 'string') {
      texts.push({ location: { choice: index, field: 'reasoning_content' }, text: message.reasoning_content, format: 'text' });
    }
  });
  return texts;
}

/**
 * The response with the restored strings, without the provider's `chunks` (a stream is then replayed
 * from this body). Unchanged texts give back the same response, chunks and all.
 */
export function restoredResponse(
  response: ModelResponse,
  texts: readonly ResponseText[],
  restored: readonly string[],
): ModelResponse {
  if (texts.every((entry, i) => restored[i] === entry.text)) return response;
  const choices = [...(response.body.choices ?? [])];
  texts.forEach((entry, i) => {
    const value = restored[i] ?? entry.text;
    const { choice } = entry.location;
    const message: Message = { ...messageOf(choices[choice]) };
    if (entry.location.field === 'arguments') {
      const calls = [...(message.tool_calls as unknown[])];
      const call = calls[entry.location.call] as ToolCall;
      calls[entry.location.call] = { ...call, function: { ...call.function, arguments: value } };
      message.tool_calls = calls;
    } else {
      message[entry.location.field] = value;
    }
    choices[choice] = { ...(choices[choice] as object), message };
  });
  const { chunks: _chunks, ...rest } = response;
  return { ...rest, body: { ...response.body, choices } };
}
