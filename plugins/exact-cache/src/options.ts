/** Options of the exact-cache plugin. */
import Type from 'typebox';

export const ExactCacheOptionsSchema = Type.Object(
  {
    /** `redis://…` or `rediss://…`; absent: the in-memory LRU. */
    kvUrl: Type.Optional(Type.String({ pattern: '^rediss?://' })),
    keyPrefix: Type.String({ minLength: 1, default: 'sluice:exact:' }),
    ttlSeconds: Type.Number({ exclusiveMinimum: 0, default: 86400 }),
    timeoutSeconds: Type.Number({ exclusiveMinimum: 0, default: 0.5 }),
    failOpen: Type.Boolean({ default: true }),
    readinessRequired: Type.Boolean({ default: true }),
    maxEntries: Type.Integer({ minimum: 1, default: 10000 }),
    maxBytes: Type.Integer({ minimum: 1024, default: 64 * 1024 * 1024 }),
    maxEntryBytes: Type.Integer({ minimum: 1, default: 1024 * 1024 }),
    volatileUser: Type.Boolean({ default: false }),
  },
  { additionalProperties: false },
);

export type ExactCacheOptions = Type.Static<typeof ExactCacheOptionsSchema>;
export type ExactCacheOptionsInput = Partial<ExactCacheOptions>;
