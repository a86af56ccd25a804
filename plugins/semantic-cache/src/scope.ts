/**
 * What a semantic lookup compares and what it must match exactly. Only the last turn's text is
 * embedded; everything else that can change the answer (the cache scope: tenant or shared pool and
 * namespace; model, system prompt, earlier turns, sampling parameters, extension fields, the placeholder
 * signature) is hashed into an exact scope, so a hit only ever crosses a paraphrase of the last user turn.
 */
import { createHash, hash } from 'node:crypto';
import { placeholderSignature } from '@sluice/guard-kit';
import { type ChatRequest, type Endpoint } from '@sluice/core';
import { canonicalJson } from '@sluice/util';

/** Fields that change how the answer travels, not what it is. */
const TRANSPORT_ONLY = new Set(['stream', 'stream_options']);

export const SCOPE_VERSION = 's1';

export interface SemanticKey {
  /** The text that is embedded: the last message's content, trimmed. */
  readonly question: string;
  /** Hex SHA-256 of everything else, with the cache scope and scope version. */
  readonly scope: string;
}

/**
 * @example
 * semanticKey({ model: 'm', messages: [{ role: 'user', content: 'How do I reset my password?' }] }, 'acme');
 * // { question: 'How do I reset my password?', scope: '5e0c…' }
 */
export function semanticKey(
  request: Readonly<ChatRequest>,
  cacheScope: string,
  volatileUser: boolean,
  endpoint: Endpoint = 'chat.completions',
): SemanticKey {
  const messages = request.messages;
  const last = messages.at(-1);
  const question = typeof last?.content === 'string' ? last.content.trim() : '';
  // No prototype: a request's own `__proto__` field (JSON.parse keeps it) must be copied like any field,
  // not set the prototype (which left it out of the scope, or threw when the prototype was frozen).
  const rest = Object.create(null) as Record<string, unknown>;
  for (const [field, value] of Object.entries(request)) {
    if (TRANSPORT_ONLY.has(field) || (volatileUser && field === 'user') || field === 'messages') continue;
    rest[field] = value;
  }
  if (typeof rest.model === 'string') rest.model = rest.model.trim();
  const earlier = messages.slice(0, -1).map((message) => ({ ...message, role: message.role.trim() }));
  const { content: _embedded, ...lastFields } = last ?? { role: '' };
  const identity = {
    v: SCOPE_VERSION,
    // Still named `tenant`: a tenant's own pool without a namespace is the bare tenant name, so the digests
    // of entries stored before cache scopes existed are unchanged and those entries stay reachable.
    tenant: cacheScope,
    request: rest,
    earlier,
    last: { ...lastFields, role: (last?.role ?? '').trim() },
    placeholders: placeholderSignature([question]),
    // Another endpoint's answers are another wire format: its entries are apart. Chat's scopes are as before.
    ...(endpoint === 'chat.completions' ? {} : { endpoint }),
  };
  return { question, scope: hash('sha256', canonicalJson(identity)) };
}

/**
 * The record id of a question in a scope: 30 bits of a digest, so the same question in the same scope
 * replaces its entry instead of piling up copies. 30 bits keep the id a small integer in V8 and its own
 * label in hnswlib, which the in-process search reads for every candidate it visits (measured: the
 * label and payload lookups were a third of a hit's CPU with 52-bit ids). Two questions that share an
 * id (about 5 pairs in 100,000 entries) only cost a cache entry: the later one replaces the earlier, and
 * a lookup still needs the scope, the threshold and the verification to pass.
 */
export function entryId(key: SemanticKey): number {
  const digest = createHash('sha256').update(key.scope).update('\0').update(key.question).digest();
  return digest.readUInt32BE(0) >>> 2;
}
