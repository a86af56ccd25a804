/** The shape of a security policy file, apart from its loading so that the rule set can read the type. */
import Type from 'typebox';

const Severity = Type.Union([Type.Literal('low'), Type.Literal('medium'), Type.Literal('high'), Type.Literal('critical')]);
const Stage = Type.Union([Type.Literal('request'), Type.Literal('response'), Type.Literal('both')]);

/**
 * One entry of a policy file's `rules`.
 * @example
 * Value.Check(SecurityPolicyRuleSchema, { id: 'leak.jwt', enabled: false }) // true
 */
export const SecurityPolicyRuleSchema = Type.Object(
  {
    id: Type.String({ pattern: '^[A-Za-z0-9_.:-]{1,100}$' }),
    /** `false` removes the rule (built-in or added earlier in the file). */
    enabled: Type.Optional(Type.Boolean()),
    severity: Type.Optional(Severity),
    stage: Type.Optional(Stage),
    pattern: Type.Optional(Type.String({ minLength: 1 })),
    flags: Type.Optional(Type.String({ pattern: '^[gimsuy]*$' })),
    kind: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_.:-]{1,64}$' })),
    description: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })),
  },
  { additionalProperties: false },
);

/**
 * A whole policy file.
 * @example
 * Value.Check(SecurityPolicySchema, { version: 1, rules: [] }) // true
 */
export const SecurityPolicySchema = Type.Object(
  {
    version: Type.Optional(Type.Literal(1)),
    /** `false` starts from an empty rule set: only the file's rules apply. Default true. */
    builtin_rules: Type.Optional(Type.Boolean()),
    rules: Type.Array(SecurityPolicyRuleSchema, { default: [] }),
  },
  { additionalProperties: false },
);

export type SecurityPolicyRule = Type.Static<typeof SecurityPolicyRuleSchema>;
export type SecurityPolicy = Type.Static<typeof SecurityPolicySchema>;
