/** Options of the cost-meter plugin. */
import Type from 'typebox';

export const CostMeterOptionsSchema = Type.Object(
  {
    /** One entry per allowed model; USD per 1M tokens is the same number as micro-USD per token. */
    prices: Type.Array(
      Type.Object(
        {
          model: Type.String({ minLength: 1 }),
          inputMicroUsdPerToken: Type.Number({ minimum: 0 }),
          outputMicroUsdPerToken: Type.Number({ minimum: 0 }),
        },
        { additionalProperties: false },
      ),
      { default: [] },
    ),
    /** Accept requests for models without a price entry; their cost reads zero. */
    allowUnknownModels: Type.Boolean({ default: false }),
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
