import assert from 'node:assert/strict';
import { directivesOf, optionsFromConfig, parseConfig, resolveConfig } from '@sluice/config';
import { CostMeterOptionsSchema, CostMeterPlugin } from '@sluice/plugin-cost-meter';

function resolve(text: string) {
  return resolveConfig(parseConfig(text, { file: 'gateway.conf', env: {} }), [directivesOf(CostMeterOptionsSchema)]);
}

const costMeterOptions = (config: ReturnType<typeof resolve>) => optionsFromConfig(CostMeterOptionsSchema, config);

describe('cost-meter: options from config', () => {
  it('maps model_price and allow_unknown_models_pass_through to options', () => {
    const config = resolve('model_price gpt-4o 2.5 10;\nmodel_price mini 0.15 0.6;\nallow_unknown_models_pass_through on;\n');
    assert.deepEqual(costMeterOptions(config), {
      prices: [
        { model: 'gpt-4o', inputMicroUsdPerToken: 2.5, outputMicroUsdPerToken: 10 },
        { model: 'mini', inputMicroUsdPerToken: 0.15, outputMicroUsdPerToken: 0.6 },
      ],
      allowUnknownModels: true,
      tenantLabels: 20,
    });
  });

  it('rejects unknown models by default and with no prices at all', () => {
    assert.deepEqual(costMeterOptions(resolve('')), { prices: [], allowUnknownModels: false, tenantLabels: 20 });
  });

  it('refuses a negative price in the file and in options', () => {
    assert.throws(() => resolve('model_price m -1 2;\n'), /model_price/);
    assert.throws(
      () => new CostMeterPlugin({ prices: [{ model: 'm', inputMicroUsdPerToken: -1, outputMicroUsdPerToken: 2 }] }),
      /cost-meter: invalid options: prices\.0\.inputMicroUsdPerToken/,
    );
  });
});
