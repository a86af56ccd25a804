/** Options of the cost-meter plugin. */
import Type from 'typebox';

export const CostMeterOptionsSchema = Type.Object(
  {
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
    allowUnknownModels: Type.Boolean({ default: false }),
  },
  { additionalProperties: false },
);

export type CostMeterOptions = Type.Static<typeof CostMeterOptionsSchema>;
export type CostMeterOptionsInput = Partial<CostMeterOptions>;
