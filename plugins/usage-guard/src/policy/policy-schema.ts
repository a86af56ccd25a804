/** The JSON format of a usage policy file (docs/reference/guards/usage.md shows an example). */
import Type from 'typebox';

/** Names end up in counter keys and rule ids: short and plain. */
const Name = Type.String({ pattern: '^[A-Za-z0-9_.-]{1,64}$' });

const Severity = Type.Union([Type.Literal('low'), Type.Literal('medium'), Type.Literal('high'), Type.Literal('critical')]);

/** A topic recognised by keywords (whole words, any case) and regular expressions (case-insensitive). */
export const CategorySchema = Type.Object(
  {
    keywords: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 1000 })),
    patterns: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 500 }), { maxItems: 200 })),
    /** Reported with the category's findings; default `medium`. */
    severity: Type.Optional(Severity),
  },
  { additionalProperties: false },
);

/** A limit over a fixed window: requests, estimated prompt tokens, or both. */
export const QuotaSchema = Type.Object(
  {
    id: Name,
    /** `minute`, `hour`, `day`, or a number of seconds. */
    window: Type.Union([
      Type.Literal('minute'),
      Type.Literal('hour'),
      Type.Literal('day'),
      Type.Integer({ minimum: 1, maximum: 366 * 86400 }),
    ]),
    requests: Type.Optional(Type.Integer({ minimum: 0 })),
    prompt_tokens: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false },
);

export const PolicySchema = Type.Object(
  {
    /** Categories (or `general`) a request may be classified as; absent: any that is not denied. */
    allowed_categories: Type.Optional(Type.Array(Name)),
    /** Categories that stop a request; a category in both lists is denied. */
    denied_categories: Type.Optional(Type.Array(Name)),
    /** Model names allowed; a trailing `*` matches a prefix. Absent: any model. */
    models: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 256 }))),
    quotas: Type.Optional(Type.Array(QuotaSchema)),
  },
  { additionalProperties: false },
);

/**
 * The whole file; `parseUsagePolicy` checks it and what it cannot say (names that refer to nothing).
 * @example
 * Value.Check(PolicyFileSchema, JSON.parse(text));
 */
export const PolicyFileSchema = Type.Object(
  {
    /** Reported as `policy_version`; absent: a hash of the file's content. */
    version: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    categories: Type.Optional(Type.Record(Name, CategorySchema)),
    policies: Type.Record(Name, PolicySchema),
    /** The policy of tenants not listed in `tenants`, when the request names none. */
    default_policy: Name,
    /** Tenant id → policy name. */
    tenants: Type.Optional(Type.Record(Type.String({ minLength: 1, maxLength: 256 }), Name)),
  },
  { additionalProperties: false },
);

export type CategorySpec = Type.Static<typeof CategorySchema>;
export type QuotaSpec = Type.Static<typeof QuotaSchema>;
export type PolicySpec = Type.Static<typeof PolicySchema>;
/** A usage policy file as written. */
export type UsagePolicyFile = Type.Static<typeof PolicyFileSchema>;
