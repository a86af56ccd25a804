/**
 * The exact-cache key: SHA-256 of the canonical JSON of the whole request minus transport-only fields,
 * prefixed by key version, cache scope and mode namespace (observe mode never touches live entries).
 */
import { hash } from 'node:crypto';
import type { ChatRequest, Endpoint, Mode } from '@sluice/core';

export const KEY_VERSION = 'v1';

/** Fields that change how the answer travels, not what it is. */
const TRANSPORT_ONLY = new Set(['stream', 'stream_options']);

/**
 * Where a key lives: the cache scope (the tenant, or a shared pool, and a namespace: `cacheControlsOf`),
 * the mode, and whether `user` counts.
 * @example
 * const scope: KeyScope = { cacheScope: 'acme', mode: 'enforce', volatileUser: false };
 */
export interface KeyScope {
  /** The request's cache scope; a bare tenant name for a tenant's own pool without a namespace. */
  readonly cacheScope: string;
  readonly mode: Mode;
  /** Leave `user` out of the key (it identifies the caller, not the question). */
  readonly volatileUser: boolean;
  /**
   * The request's endpoint: another endpoint's answer is another wire format, so its keys are apart. Chat
   * completions (the default) are keyed as before endpoints existed, so their entries stay reachable.
   */
  readonly endpoint?: Endpoint | undefined;
}

/**
 * @example
 * canonicalRequestKey({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] }, { cacheScope: 'default', mode: 'enforce', volatileUser: false });
 * // 'v1:default:live:3f1c…'
 */
export function canonicalRequestKey(request: Readonly<ChatRequest>, scope: KeyScope): string {
  // One-shot: a Hash object per request cost more than the digest of a small request.
  const canonical = canonicalJson(identity(request, scope.volatileUser));
  const endpoint = scope.endpoint ?? 'chat.completions';
  const digest = hash('sha256', endpoint === 'chat.completions' ? canonical : `${endpoint}\n${canonical}`);
  return `${KEY_VERSION}:${encodeURIComponent(scope.cacheScope)}:${scope.mode === 'observe' ? 'shadow' : 'live'}:${digest}`;
}

/** The part of the request that decides the answer, with model and roles trimmed. */
function identity(request: Readonly<ChatRequest>, volatileUser: boolean): unknown {
  // No prototype: a request's own `__proto__` field (JSON.parse keeps it) must be copied like any field,
  // not set the prototype (which dropped it from the key, or threw when the prototype was frozen).
  const kept = Object.create(null) as Record<string, unknown>;
  for (const [field, value] of Object.entries(request)) {
    if (TRANSPORT_ONLY.has(field) || (volatileUser && field === 'user') || value === undefined) continue;
    kept[field] = value;
  }
  if (typeof kept.model === 'string') kept.model = kept.model.trim();
  if (Array.isArray(kept.messages)) {
    kept.messages = kept.messages.map((message: unknown) =>
      isRecord(message) && typeof message.role === 'string' ? { ...message, role: message.role.trim() } : message,
    );
  }
  return kept;
}

/** JSON with object keys sorted at every depth; arrays keep their order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  if (isRecord(value)) {
    const fields = Object.keys(value)
      .filter((key) => value[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`);
    return `{${fields.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
