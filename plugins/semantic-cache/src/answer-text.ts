/** The assistant text of a chat completion, for comparing two answers. */
import type { ChatCompletion } from '@sluice/core';

export function answerText(body: ChatCompletion): string | undefined {
  const first = body.choices?.[0] as { message?: { content?: unknown } } | undefined;
  const content = first?.message?.content;
  return typeof content === 'string' && content.trim() !== '' ? content : undefined;
}
