/** `model_price` and `allow_unknown_models_pass_through`. */
import Type from 'typebox';
import { defineDirectives, type DirectiveValues } from '@sluice/core';
import type { CostMeterOptionsInput } from './options.js';

export const costMeterDirectives = defineDirectives({
  model_price: {
    summary: 'An allowed model and its prices in USD per 1M tokens (input, output). Also the model allowlist.',
    args: [
      { name: 'model', schema: Type.String({ minLength: 1 }) },
      { name: 'input_price', schema: Type.Number({ minimum: 0 }) },
      { name: 'output_price', schema: Type.Number({ minimum: 0 }) },
    ],
    repeatable: true,
    check: (value) => {
      const models = (value as [string, number, number][]).map(([model]) => model);
      const twice = models.find((model, index) => models.indexOf(model) !== index);
      return twice === undefined ? undefined : `model "${twice}" is priced more than once`;
    },
  },
  allow_unknown_models_pass_through: {
    summary: 'Accept models without a `model_price` entry (their cost then reads zero).',
    args: [{ name: 'flag', schema: Type.Boolean() }],
    default: false,
  },
});

export function costMeterOptionsFromConfig(config: DirectiveValues): CostMeterOptionsInput {
  const prices = config.get<[string, number, number][]>('model_price') ?? [];
  return {
    prices: prices.map(([model, input, output]) => ({ model, inputMicroUsdPerToken: input, outputMicroUsdPerToken: output })),
    allowUnknownModels: config.get<boolean>('allow_unknown_models_pass_through') ?? false,
  };
}
