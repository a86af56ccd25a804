/** The exact-cache and key-value store directives. */
import Type from 'typebox';
import { defineDirectives, type DirectiveValues } from '@sluice/config';
import type { ExactCacheOptionsInput } from './options.js';

const flag = (summary: string, value: boolean) => ({ summary, args: [{ name: 'flag', schema: Type.Boolean() }], default: value });

export const exactCacheDirectives = defineDirectives({
  exact_cache_enabled: flag('Answer byte-identical repeats from the exact cache.', true),
  kv_url: {
    summary:
      'Key-value store of the exact cache: `redis://[:password@]host:port[/db]` or `rediss://…`. Absent: a bounded in-memory LRU.',
    args: [{ name: 'url', schema: Type.String({ pattern: '^rediss?://' }) }],
    secret: true,
  },
  kv_key_prefix: {
    summary: 'Prefix of every exact-cache key in the store.',
    args: [{ name: 'prefix', schema: Type.String({ minLength: 1 }) }],
    default: 'sluice:exact:',
  },
  kv_timeout_seconds: {
    summary: 'Longest a store read or write may take before the request goes on without the cache.',
    args: [{ name: 'seconds', schema: Type.Number({ exclusiveMinimum: 0 }), unit: 'duration' }],
    default: 0.5,
  },
  kv_fail_open: flag(
    'When the store is unreachable at start, run without the exact cache (a no-op stand-in until restart) instead of refusing to start.',
    true,
  ),
  kv_readiness_required: flag(
    'Report not ready (`/readyz` 503) while the store is down, and `/startupz` 503 when it could not be initialised.',
    true,
  ),
  cache_ttl_seconds: {
    summary: 'How long an exact-cache entry lives.',
    args: [{ name: 'seconds', schema: Type.Number({ exclusiveMinimum: 0 }), unit: 'duration' }],
    default: 86400,
  },
  exact_cache_max_entries: {
    summary: 'In-memory store: most entries kept (least recently used go first).',
    args: [{ name: 'count', schema: Type.Integer({ minimum: 1 }) }],
    default: 10000,
  },
  exact_cache_max_bytes: {
    summary: 'In-memory store: most bytes of response bodies kept.',
    args: [{ name: 'size', schema: Type.Integer({ minimum: 1024 }), unit: 'size' }],
    default: 64 * 1024 * 1024,
  },
  exact_cache_max_entry_bytes: {
    summary: 'Responses larger than this are not cached.',
    args: [{ name: 'size', schema: Type.Integer({ minimum: 1 }), unit: 'size' }],
    default: 1024 * 1024,
  },
  exact_cache_volatile_user: flag('Leave the request `user` field out of the cache key, so one answer serves every user.', false),
});

/** The plugin's options, or undefined when `exact_cache_enabled off`. */
export function exactCacheOptionsFromConfig(config: DirectiveValues): ExactCacheOptionsInput | undefined {
  if (config.get<boolean>('exact_cache_enabled') === false) return undefined;
  const kvUrl = config.get<string>('kv_url');
  return {
    ...(kvUrl === undefined ? {} : { kvUrl }),
    keyPrefix: config.get<string>('kv_key_prefix') ?? 'sluice:exact:',
    ttlSeconds: config.get<number>('cache_ttl_seconds') ?? 86400,
    timeoutSeconds: config.get<number>('kv_timeout_seconds') ?? 0.5,
    failOpen: config.get<boolean>('kv_fail_open') ?? true,
    readinessRequired: config.get<boolean>('kv_readiness_required') ?? true,
    maxEntries: config.get<number>('exact_cache_max_entries') ?? 10000,
    maxBytes: config.get<number>('exact_cache_max_bytes') ?? 64 * 1024 * 1024,
    maxEntryBytes: config.get<number>('exact_cache_max_entry_bytes') ?? 1024 * 1024,
    volatileUser: config.get<boolean>('exact_cache_volatile_user') ?? false,
  };
}
