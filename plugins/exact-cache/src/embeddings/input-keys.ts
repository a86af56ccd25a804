/**
 * The exact-cache key of each embedding input: the same text (or token ids) under the same model and
 * vector settings gives the same vector, whatever batch it came in, so each input is cached on its own.
 */
import { hash } from 'node:crypto';
import type { ChatRequest } from '@sluice/core';
import { canonicalJson, KEY_VERSION, type KeyScope } from '../canonical-key.js';

/** Fields that do not change a vector: the inputs are keyed one by one, `user` only names the caller. */
const NOT_THE_VECTOR = new Set(['messages', 'stream', 'stream_options', 'user']);

/**
 * One key per input of an embeddings view, in input order: the digest of the request's settings (model
 * trimmed, `encoding_format` float when absent, `dimensions` and any provider field) and the input,
 * under the cache scope and mode namespace of chat keys, with an `embedding` segment of its own.
 * @example
 * embeddingInputKeys({ model: 'text-embedding-3-small', messages: [{ role: 'user', content: 'a cat' }] }, { cacheScope: 'default', mode: 'enforce' });
 * // ['v1:default:live:embedding:9b0e…']
 */
export function embeddingInputKeys(view: Readonly<ChatRequest>, scope: Pick<KeyScope, 'cacheScope' | 'mode'>): string[] {
  const settings = Object.create(null) as Record<string, unknown>;
  for (const [field, value] of Object.entries(view)) {
    if (!NOT_THE_VECTOR.has(field) && value !== undefined) settings[field] = value;
  }
  if (typeof settings.model === 'string') settings.model = settings.model.trim();
  settings.encoding_format ??= 'float';
  // Canonical JSON holds no raw line break, so the line break cannot be part of either side.
  const shared = `${canonicalJson(settings)}\n`;
  const prefix = `${KEY_VERSION}:${encodeURIComponent(scope.cacheScope)}:${scope.mode === 'observe' ? 'shadow' : 'live'}:embedding:`;
  return view.messages.map((message) => prefix + hash('sha256', shared + canonicalJson(message.content)));
}
