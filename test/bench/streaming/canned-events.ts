/**
 * The canned completion as a provider streams it: a role chunk, the content word by word (about one
 * token a chunk, as providers send it), a finish chunk, a usage chunk when the request asks for usage,
 * and `data: [DONE]`. Encoded once, so streaming costs the fake upstream no work per request.
 */
import { CANNED_COMPLETION } from '../servers/canned-completion.js';

interface CannedCompletion {
  readonly id: string;
  readonly created: number;
  readonly model: string;
  readonly choices: readonly [{ readonly message: { readonly content: string } }];
  readonly usage: object;
}

const completion = JSON.parse(CANNED_COMPLETION) as CannedCompletion;

/** The answer's text, which a client assembling any of these streams must get back. */
export const CANNED_CONTENT = completion.choices[0].message.content;

function events(includeUsage: boolean): Buffer[] {
  const head = { id: completion.id, object: 'chat.completion.chunk', created: completion.created, model: completion.model };
  // OpenAI: with include_usage, every chunk before the usage chunk carries `usage: null`.
  const tail = includeUsage ? { usage: null } : {};
  const chunk = (delta: object, finishReason: string | null) => ({
    ...head,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    ...tail,
  });
  const words = CANNED_CONTENT.match(/\s*\S+/g) ?? [];
  const chunks: object[] = [
    chunk({ role: 'assistant', content: '', refusal: null }, null),
    ...words.map((word) => chunk({ content: word }, null)),
    chunk({}, 'stop'),
  ];
  if (includeUsage) chunks.push({ ...head, choices: [], usage: completion.usage });
  return [...chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`), 'data: [DONE]\n\n'].map((text) => Buffer.from(text));
}

export const CANNED_EVENTS: readonly Buffer[] = events(false);
export const CANNED_EVENTS_WITH_USAGE: readonly Buffer[] = events(true);
