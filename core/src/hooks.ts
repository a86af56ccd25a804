/** The hook points of one request's life, in the order a request meets them. */
import { AsyncParallelHook, AsyncSeriesBailHook, AsyncSeriesWaterfallHook, SyncHook } from 'tapable';
import type { CachedResponse, ModelResponse } from './chat.js';
import type { EvidenceEvent } from './evidence/event.js';
import type { Exchange } from './exchange.js';
import type { Verdict } from './verdict.js';

export interface Hooks {
  /** Security, privacy and usage guards; a Verdict ends the request. */
  readonly preGuard: AsyncSeriesBailHook<[Exchange], Verdict | undefined>;
  /** Cache layers; the first hit wins. */
  readonly cacheLookup: AsyncSeriesBailHook<[Exchange], CachedResponse | undefined>;
  /** The model provider; returns the complete response. */
  readonly upstream: AsyncSeriesBailHook<[Exchange], ModelResponse | undefined>;
  /** Response scans on the complete response, cached or fresh; a Verdict replaces it. */
  readonly postScan: AsyncSeriesBailHook<[Exchange, ModelResponse], Verdict | undefined>;
  /** Stores a fresh response once the scans approved it. */
  readonly cacheStore: AsyncParallelHook<[Exchange, ModelResponse]>;
  /** Turns the response into what the client sees (e.g. placeholders back to values). */
  readonly restore: AsyncSeriesWaterfallHook<[ModelResponse, Exchange]>;
  /** Evidence events; taps only enqueue and must never throw. */
  readonly evidence: SyncHook<[EvidenceEvent]>;
}

export const HOOK_NAMES = Object.freeze([
  'preGuard',
  'cacheLookup',
  'upstream',
  'postScan',
  'cacheStore',
  'restore',
  'evidence',
] as const satisfies readonly (keyof Hooks)[]);

export function createHooks(): Hooks {
  return Object.freeze({
    preGuard: new AsyncSeriesBailHook<[Exchange], Verdict | undefined>(['exchange']),
    cacheLookup: new AsyncSeriesBailHook<[Exchange], CachedResponse | undefined>(['exchange']),
    upstream: new AsyncSeriesBailHook<[Exchange], ModelResponse | undefined>(['exchange']),
    postScan: new AsyncSeriesBailHook<[Exchange, ModelResponse], Verdict | undefined>(['exchange', 'response']),
    cacheStore: new AsyncParallelHook<[Exchange, ModelResponse]>(['exchange', 'response']),
    restore: new AsyncSeriesWaterfallHook<[ModelResponse, Exchange]>(['response', 'exchange']),
    evidence: new SyncHook<[EvidenceEvent]>(['event']),
  });
}
