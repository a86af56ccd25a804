/**
 * The limits a client key or a tenant can carry: requests and tokens per minute, requests at once, and a
 * spend budget in micro-USD per day or month. Declared once here so a key's block and a tenant's block
 * read the same directives.
 */
import Type, { type Static } from 'typebox';
import { directive } from '@sluice/config';

/**
 * The limits schema: every property optional (absent: no limit of that kind). Used inside a
 * `client_key … { }` block and a `tenant_limits … { }` block.
 * @example
 * const limits: CallerLimits = validateOptions('limits', CallerLimitsSchema, { requestsPerMinute: 60 });
 */
export const CallerLimitsSchema = Type.Object(
  {
    requestsPerMinute: Type.Optional(
      Type.Integer({
        minimum: 1,
        ...directive('requests_per_minute', { summary: 'Most requests in any minute, cache hits included.' }),
      }),
    ),
    tokensPerMinute: Type.Optional(
      Type.Integer({
        minimum: 1,
        ...directive('tokens_per_minute', {
          summary: 'Most upstream tokens (prompt and completion) in any minute; cache hits spend none.',
        }),
      }),
    ),
    concurrentRequests: Type.Optional(
      Type.Integer({ minimum: 1, ...directive('concurrent_requests', { summary: 'Most requests in flight at once.' }) }),
    ),
    budget: Type.Optional(
      Type.Object(
        {
          microUsd: Type.Integer({ minimum: 0, word: 'micro_usd' }),
          period: Type.Union([Type.Literal('day'), Type.Literal('month')], { word: 'day|month' }),
        },
        {
          additionalProperties: false,
          ...directive('budget', {
            summary:
              'Spend allowed per calendar day or month (UTC) in micro-USD (1,000,000 = 1 USD), from the cost meter; cache hits spend nothing.',
          }),
        },
      ),
    ),
  },
  { additionalProperties: false },
);

/**
 * Limits as resolved: absent properties are no limit.
 * @example
 * const limits: CallerLimits = { requestsPerMinute: 60, budget: { microUsd: 5_000_000, period: 'day' } };
 */
export type CallerLimits = Static<typeof CallerLimitsSchema>;
