/**
 * The upstream's embeddings list, checked and seen by the hooks as a chat-shaped response with no choices
 * (so chat-only steps, a response scan or a restore, find no text), and given back to the client as a list.
 */
import { GatewayError, type ChatCompletion, type ModelResponse, type Usage } from '@sluice/core';

/**
 * One vector of an embeddings list: its position among the inputs, and the embedding (numbers, or a base64
 * string of little-endian float32 when `encoding_format` is `base64`).
 * @example
 * const item: EmbeddingItem = { object: 'embedding', index: 0, embedding: [0.1, -0.2] };
 */
export interface EmbeddingItem {
  readonly object?: string;
  readonly index: number;
  readonly embedding: readonly number[] | string;
  readonly [field: string]: unknown;
}

/**
 * The view of an embeddings reply: the provider's list (`data` in input order) with `choices: []`, and
 * usage with `completion_tokens: 0` (an embedding is priced by its input tokens alone).
 * @example
 * const vectors = (response.body as EmbeddingsView).data.map((item) => item.embedding);
 */
export interface EmbeddingsView extends ChatCompletion {
  data: EmbeddingItem[];
  choices: [];
}

/**
 * The upstream's 2xx body as the view: every item an index and an embedding, the indexes exactly the
 * positions 0..n-1 (put in that order); usage read as prompt tokens. Throws `upstream_invalid_response`.
 * @example
 * const view = embeddingsResponseView({ object: 'list', data: [{ index: 0, embedding: [1, 0] }], usage: { prompt_tokens: 2, total_tokens: 2 } });
 * view.usage; // { prompt_tokens: 2, completion_tokens: 0, total_tokens: 2 }
 */
export function embeddingsResponseView(body: unknown): EmbeddingsView {
  if (typeof body !== 'object' || body === null || !Array.isArray((body as { data?: unknown }).data)) invalid();
  const { data, usage, choices: _choices, ...fields } = body as { data: unknown[]; usage?: unknown; choices?: unknown };
  const ordered: EmbeddingItem[] = new Array<EmbeddingItem>(data.length);
  for (const item of data) {
    if (!isItem(item) || item.index >= data.length || ordered[item.index] !== undefined) invalid();
    ordered[item.index] = item;
  }
  const view: EmbeddingsView = { ...fields, data: ordered, choices: [] };
  const prompt = (usage as { prompt_tokens?: unknown } | undefined)?.prompt_tokens;
  if (typeof prompt === 'number' && Number.isInteger(prompt) && prompt >= 0) view.usage = embeddingsUsage(prompt);
  return view;
}

/**
 * Usage of an embeddings call of `promptTokens` input tokens, in the view's chat shape.
 * @example
 * embeddingsUsage(12); // { prompt_tokens: 12, completion_tokens: 0, total_tokens: 12 }
 */
export function embeddingsUsage(promptTokens: number): Usage {
  return { prompt_tokens: promptTokens, completion_tokens: 0, total_tokens: promptTokens };
}

/**
 * What the client receives: the list without the view's `choices`, usage as OpenAI reports it for
 * embeddings (prompt and total tokens).
 * @example
 * const body = embeddingsClientBody(response); // { object: 'list', data: [...], model, usage: { prompt_tokens, total_tokens } }
 */
export function embeddingsClientBody(response: ModelResponse): unknown {
  const { choices: _choices, usage, ...fields } = response.body;
  if (usage === undefined) return { object: 'list', ...fields };
  return { object: 'list', ...fields, usage: { prompt_tokens: usage.prompt_tokens, total_tokens: usage.prompt_tokens } };
}

function isItem(item: unknown): item is EmbeddingItem {
  if (typeof item !== 'object' || item === null) return false;
  const { index, embedding } = item as { index?: unknown; embedding?: unknown };
  if (typeof index !== 'number' || !Number.isInteger(index) || index < 0) return false;
  return typeof embedding === 'string' || (Array.isArray(embedding) && embedding.every((v) => typeof v === 'number'));
}

function invalid(): never {
  throw new GatewayError('upstream_invalid_response');
}
