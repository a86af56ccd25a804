/** Options of the exact-cache plugin, each with the directive that sets it in a config file. */
import Type from 'typebox';
import { directive, optionSet } from '@sluice/config';

const flag = (name: string, value: boolean, summary: string) => Type.Boolean({ default: value, ...directive(name, { summary }) });

export const ExactCacheOptionsSchema = Type.Object(
  {
    /** `redis://…`, `rediss://…` or a cluster (`redis+cluster://host:port,…`); absent: the in-memory LRU. */
    kvUrl: Type.Optional(
      Type.String({
        pattern: '^rediss?(\\+cluster)?://',
        ...directive('kv_url', {
          word: 'url',
          secret: true,
          summary:
            'Key-value store of the exact cache: `redis://[:password@]host:port[/db]`, `rediss://…`, or a Redis Cluster as `redis+cluster://[:password@]host:port,host:port,…` (`rediss+cluster://` over TLS). Absent: a bounded in-memory LRU.',
        }),
      }),
    ),
    keyPrefix: Type.String({
      minLength: 1,
      default: 'sluice:exact:',
      ...directive('kv_key_prefix', { word: 'prefix', summary: 'Prefix of every exact-cache key in the store.' }),
    }),
    timeoutSeconds: Type.Number({
      exclusiveMinimum: 0,
      default: 0.5,
      ...directive('kv_timeout_seconds', {
        unit: 'duration',
        summary: 'Longest a store read or write may take before the request goes on without the cache.',
      }),
    }),
    failOpen: flag(
      'kv_fail_open',
      true,
      'When the store is unreachable at start, run without the exact cache (a no-op stand-in until restart) instead of refusing to start.',
    ),
    readinessRequired: flag(
      'kv_readiness_required',
      true,
      'Report not ready (`/readyz` 503) while the store is down, and `/startupz` 503 when it could not be initialised.',
    ),
    ttlSeconds: Type.Number({
      exclusiveMinimum: 0,
      default: 86400,
      ...directive('cache_ttl_seconds', { unit: 'duration', summary: 'How long an exact-cache entry lives.' }),
    }),
    maxEntries: Type.Integer({
      minimum: 1,
      default: 10000,
      ...directive('exact_cache_max_entries', { summary: 'In-memory store: most entries kept (least recently used go first).' }),
    }),
    maxBytes: Type.Integer({
      minimum: 1024,
      default: 64 * 1024 * 1024,
      ...directive('exact_cache_max_bytes', { unit: 'size', summary: 'In-memory store: most bytes of response bodies kept.' }),
    }),
    maxEntryBytes: Type.Integer({
      minimum: 1,
      default: 1024 * 1024,
      ...directive('exact_cache_max_entry_bytes', { unit: 'size', summary: 'Responses larger than this are not cached.' }),
    }),
    volatileUser: flag(
      'exact_cache_volatile_user',
      false,
      'Leave the request `user` field out of the cache key, so one answer serves every user.',
    ),
  },
  {
    additionalProperties: false,
    ...optionSet({
      enabledBy: {
        directive: 'exact_cache_enabled',
        default: true,
        summary: 'Answer byte-identical repeats from the exact cache.',
      },
    }),
  },
);

export type ExactCacheOptions = Type.Static<typeof ExactCacheOptionsSchema>;
export type ExactCacheOptionsInput = Partial<ExactCacheOptions>;
