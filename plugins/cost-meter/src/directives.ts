/** The directives cost-meter owns, `model_price` and `allow_unknown_models_pass_through`, and their mapping to options. */
import Type from 'typebox';
import { ConfigError, defineDirectives, type DirectiveValues } from '@sluice/config';
import type { CostMeterOptions } from './options.js';
import { repeatedModelIndex, repeatedModelMessage } from './price-table.js';

/** `model_price` resolves to one `[model, input, output]` tuple per statement. */
type PriceWords = readonly [string, number, number];

/**
 * @example
 * resolveConfig(parseConfig('model_price gpt-4o 2.5 10;', { file }), [coreDirectives, costMeterDirectives]);
 */
export const costMeterDirectives = defineDirectives({
  model_price: {
    summary: 'An allowed model and its prices in USD per 1M tokens (input, output). Also the model allowlist.',
    args: [
      { name: 'model', schema: Type.String({ minLength: 1 }) },
      { name: 'input_price', schema: Type.Number({ minimum: 0 }) },
      { name: 'output_price', schema: Type.Number({ minimum: 0 }) },
    ],
    repeatable: true,
    check: (value) => repeatedModelProblem(value as readonly PriceWords[]),
  },
  allow_unknown_models_pass_through: {
    summary: 'Accept models without a `model_price` entry (their cost then reads zero).',
    args: [{ name: 'flag', schema: Type.Boolean() }],
    default: false,
  },
});

/**
 * Maps resolved directive values to plugin options. Throws a ConfigError for a model priced twice,
 * so values that did not come through `resolveConfig` are held to the same rule.
 * @example
 * kernel.use(new CostMeterPlugin(costMeterOptionsFromConfig(config)));
 */
export function costMeterOptionsFromConfig(config: DirectiveValues): CostMeterOptions {
  const words = config.get<readonly PriceWords[]>('model_price') ?? [];
  const problem = repeatedModelProblem(words);
  if (problem !== undefined) throw new ConfigError(`model_price: ${problem}`);
  return {
    prices: words.map(([model, input, output]) => ({ model, inputMicroUsdPerToken: input, outputMicroUsdPerToken: output })),
    allowUnknownModels: config.get<boolean>('allow_unknown_models_pass_through') ?? false,
  };
}

function repeatedModelProblem(words: readonly PriceWords[]): string | undefined {
  const index = repeatedModelIndex(words.map(([model]) => ({ model })));
  return index === undefined ? undefined : repeatedModelMessage(words[index]![0]);
}
