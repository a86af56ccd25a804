/**
 * Chat requests already parsed, validated and deep-frozen, by their exact body text. All three are
 * pure functions of the bytes and the result cannot change, so repeats of one body (every exact-cache
 * hit) share one frozen request instead of paying JSON.parse, validation and the freeze again; every
 * hook still sees every request. Only valid requests are kept; the memo is bounded by entries and
 * by characters, and forgets the oldest first.
 */
import type { ChatRequest } from '../chat.js';
import { deepFreeze } from '../deep-freeze.js';

export interface RequestMemoLimits {
  /** Most bodies remembered. */
  readonly maxEntries: number;
  /** Longer bodies are parsed every time: a long prompt costs more to keep than a repeat saves. */
  readonly maxBodyChars: number;
  /** Most characters of body text kept in all. */
  readonly maxTotalChars: number;
}

export const REQUEST_MEMO_LIMITS: RequestMemoLimits = Object.freeze({
  maxEntries: 1024,
  maxBodyChars: 64 * 1024,
  maxTotalChars: 4 * 1024 * 1024,
});

export class RequestMemo {
  readonly #requests = new Map<string, ChatRequest>();
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
    return this.#requests.get(text);
  }

  /** Deep-freezes a request validated from `text` and remembers it when it fits; returns it frozen. */
  remember(text: string, request: ChatRequest): ChatRequest {
    const frozen = deepFreeze(request);
    if (text.length > this.#limits.maxBodyChars || this.#requests.has(text)) return frozen;
    this.#requests.set(text, frozen);
    this.#chars += text.length;
    for (const oldest of this.#requests.keys()) {
      if (this.#requests.size <= this.#limits.maxEntries && this.#chars <= this.#limits.maxTotalChars) break;
      this.#requests.delete(oldest);
      this.#chars -= oldest.length;
    }
    return frozen;
  }
}
