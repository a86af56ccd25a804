/**
 * The request and response bodies of the HTTP API as TypeBox schemas. The same schemas validate
 * requests and generate the OpenAPI document, so the two cannot drift apart.
 */
import Type, { type Static, type TSchema } from 'typebox';

/** Largest id: ids travel as JSON numbers, which are exact up to 2^53 − 1. */
export const MAX_EXT_ID = Number.MAX_SAFE_INTEGER;

export const LIMITS = {
  k: { min: 1, max: 1000, search: 10, qa: 1 },
  ef: { max: 10000 },
  simThreshold: { min: -1, max: 1, default: 0.8 },
} as const;

const ExtId = Type.Integer({ minimum: 0, maximum: MAX_EXT_ID, description: 'External id, an integer 0..2^53−1.' });
const TokenCount = Type.Integer({ minimum: 0, maximum: 1e9 });
const PathField = Type.String({
  minLength: 1,
  maxLength: 4096,
  description: 'File path, resolved inside the data directory unless absolute paths are allowed.',
});

/** The schemas whose vector length depends on the configured dimensions. */
export function requestSchemas(dims: number) {
  const Vector = Type.Array(Type.Number(), {
    minItems: dims,
    maxItems: dims,
    description: `Exactly ${dims} finite numbers.`,
  });
  const k = (fallback: number) =>
    Type.Optional(Type.Integer({ minimum: LIMITS.k.min, maximum: LIMITS.k.max, default: fallback }));
  const strict = { additionalProperties: false } as const;
  return {
    Entry: Type.Object(
      {
        ext_id: ExtId,
        vector: Vector,
        answer: Type.String({ description: 'The answer stored with the vector.' }),
        prompt_tokens: Type.Optional(TokenCount),
        answer_tokens: Type.Optional(TokenCount),
      },
      strict,
    ),
    Search: Type.Object(
      {
        query: Vector,
        k: k(LIMITS.k.search),
        ef: Type.Optional(
          Type.Integer({ minimum: 1, maximum: LIMITS.ef.max, description: 'At least k; default SVC_EF_SEARCH.' }),
        ),
      },
      strict,
    ),
    Qa: Type.Object(
      {
        query: Vector,
        k: k(LIMITS.k.qa),
        sim_threshold: Type.Optional(
          Type.Number({
            minimum: LIMITS.simThreshold.min,
            maximum: LIMITS.simThreshold.max,
            default: LIMITS.simThreshold.default,
          }),
        ),
      },
      strict,
    ),
    Delete: Type.Object({ ext_id: ExtId }, strict),
    Save: Type.Object({ path: Type.Optional(PathField), atomic: Type.Optional(Type.Boolean({ default: true })) }, strict),
    Load: Type.Object({ path: Type.Optional(PathField) }, strict),
  };
}

export type RequestSchemas = ReturnType<typeof requestSchemas>;
export type EntryBody = Static<RequestSchemas['Entry']>;
export type SearchBody = Static<RequestSchemas['Search']>;
export type QaBody = Static<RequestSchemas['Qa']>;
export type DeleteBody = Static<RequestSchemas['Delete']>;
export type SaveBody = Static<RequestSchemas['Save']>;
export type LoadBody = Static<RequestSchemas['Load']>;

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const ResponseSchemas = {
  Ok: Type.Object({ ok: Type.Boolean() }),
  Deleted: Type.Object({ deleted: Type.Boolean(), ok: Type.Boolean() }),
  Search: Type.Object({ hits: Type.Array(Type.Object({ id: Type.Integer(), distance: Type.Number() })) }),
  Qa: Type.Object({
    hit: Type.Boolean(),
    id: Nullable(Type.Integer()),
    distance: Nullable(Type.Number()),
    similarity: Nullable(Type.Number()),
    answer: Nullable(Type.String()),
  }),
  Saved: Type.Object({ ok: Type.Boolean(), path: Type.String(), bytes: Type.Integer(), unixtime: Type.Integer() }),
  SnapshotLoaded: Type.Object({ ok: Type.Boolean(), path: Type.String(), vectors: Type.Integer() }),
  AnswersLoaded: Type.Object({ ok: Type.Boolean(), path: Type.String(), answers: Type.Integer() }),
  LicenseStatus: Type.Object({
    valid: Type.Boolean(),
    tier: Type.String(),
    org: Type.String(),
    days_until_expiry: Type.Integer({ description: '-1 when the license never expires.' }),
  }),
  Error: Type.Object({
    error: Type.Object({
      code: Type.String(),
      message: Type.String(),
      details: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    }),
  }),
};
