/**
 * Chat requests already parsed, validated and deep-frozen, by their exact body text. All three are
 * pure functions of the bytes and the result cannot change, so repeats of one body (every exact-cache
 * hit) share one frozen request instead of paying JSON.parse, validation and the freeze again; every
 * hook still sees every request. Only valid requests are kept; the memo is bounded by entries and
 * by characters (each object or array counted too), and forgets the oldest first.
 */
import type { ChatRequest } from '@sluice/core';
import { deepFreeze } from '@sluice/core';

export interface RequestMemoLimits {
  /** Most bodies remembered. */
  readonly maxEntries: number;
  /** Longer bodies are parsed every time: a long prompt costs more to keep than a repeat saves. */
  readonly maxBodyChars: number;
  /** Most characters of body text kept in all, each object or array parsed from it counting as {@link OBJECT_CHARS}. */
  readonly maxTotalChars: number;
}

/**
 * What one object or array of a frozen request holds of the heap, in characters of text. A dense body
 * such as `[{},{},…]` parses into about 90 bytes per 3 characters: counting text alone let 4M
 * characters of such bodies hold over 100 MB (found by fuzzing the gateway's memory).
 */
const OBJECT_CHARS = 64;

interface Remembered {
  readonly request: ChatRequest;
  /** Its text's characters plus {@link OBJECT_CHARS} per object or array. */
  readonly cost: number;
}

export const REQUEST_MEMO_LIMITS: RequestMemoLimits = Object.freeze({
  maxEntries: 1024,
  maxBodyChars: 64 * 1024,
  maxTotalChars: 4 * 1024 * 1024,
});

export class RequestMemo {
  readonly #requests = new Map<string, Remembered>();
  readonly #limits: RequestMemoLimits;
  #chars = 0;

  constructor(limits: RequestMemoLimits = REQUEST_MEMO_LIMITS) {
    this.#limits = limits;
  }

  get size(): number {
    return this.#requests.size;
  }

  /** The frozen request parsed from exactly this text before, if it is still remembered. */
  get(text: string): ChatRequest | undefined {
    return this.#requests.get(text)?.request;
  }

  /** Deep-freezes a request validated from `text` and remembers it when it fits; returns it frozen. */
  remember(text: string, request: ChatRequest): ChatRequest {
    const frozen = deepFreeze(request);
    if (text.length > this.#limits.maxBodyChars || this.#requests.has(text)) return frozen;
    const cost = text.length + OBJECT_CHARS * objectsIn(frozen);
    this.#requests.set(text, { request: frozen, cost });
    this.#chars += cost;
    for (const [oldest, remembered] of this.#requests) {
      if (this.#requests.size <= this.#limits.maxEntries && this.#chars <= this.#limits.maxTotalChars) break;
      this.#requests.delete(oldest);
      this.#chars -= remembered.cost;
    }
    return frozen;
  }
}

/** Objects and arrays in a request, the request included; walked with its own stack. */
function objectsIn(request: ChatRequest): number {
  const pending: object[] = [request];
  let count = 0;
  while (pending.length > 0) {
    count += 1;
    for (const child of Object.values(pending.pop()!))
      if (child !== null && typeof child === 'object') pending.push(child as object);
  }
  return count;
}
