/** Options of the cost-meter plugin, each with the directive that sets it in a config file. */
import Type from 'typebox';
import { DEFAULT_TENANT_LABELS } from '@sluice/caller';
import { directive } from '@sluice/config';
import { repeatedModelIndex, repeatedModelMessage, type ModelPrice } from './price-table.js';

export const CostMeterOptionsSchema = Type.Object(
  {
    /** One entry per allowed model; USD per 1M tokens is the same number as micro-USD per token. */
    prices: Type.Array(
      Type.Object(
        {
          model: Type.String({ minLength: 1 }),
          inputMicroUsdPerToken: Type.Number({ minimum: 0, word: 'input_price' }),
          outputMicroUsdPerToken: Type.Number({ minimum: 0, word: 'output_price' }),
        },
        { additionalProperties: false },
      ),
      {
        default: [],
        ...directive('model_price', {
          summary: 'An allowed model and its prices in USD per 1M tokens (input, output). Also the model allowlist.',
          check: (prices: readonly ModelPrice[]) => {
            const index = repeatedModelIndex(prices);
            return index === undefined ? undefined : repeatedModelMessage(prices[index]!.model);
          },
        }),
      },
    ),
    /** Accept requests for models without a price entry; their cost reads zero. */
    allowUnknownModels: Type.Boolean({
      default: false,
      ...directive('allow_unknown_models_pass_through', {
        summary: 'Accept models without a `model_price` entry (their cost then reads zero).',
      }),
    }),
    tenantLabels: Type.Integer({
      minimum: 0,
      default: DEFAULT_TENANT_LABELS,
      ...directive('metrics_tenant_labels', {
        summary:
          'Tenants that get their own `tenant` label on the per-tenant cost and savings counters (those of the configured keys first, then the first seen); the rest count as `other`.',
      }),
    }),
    /** Tenants labelled from the start (the preset passes the configured keys' tenants); no directive of its own. */
    labelledTenants: Type.Optional(Type.Array(Type.String())),
  },
  { additionalProperties: false },
);

/**
 * Validated options, defaults applied.
 * @example
 * const options: CostMeterOptions = { prices: [{ model: 'gpt-4o', inputMicroUsdPerToken: 2.5, outputMicroUsdPerToken: 10 }], allowUnknownModels: false };
 */
export type CostMeterOptions = Type.Static<typeof CostMeterOptionsSchema>;

/** What the constructor takes: every field may be left to its default. */
export type CostMeterOptionsInput = Partial<CostMeterOptions>;
