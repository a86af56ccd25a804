import assert from 'node:assert/strict';
import { ConfigError, ConfigErrors, type DirectiveValues } from '@sluice/config';
import { directivesOf, optionsFromConfig, parseConfig, resolveConfig } from '@sluice/config';
import { CostMeterOptionsSchema, CostMeterPlugin, PriceTable } from '@sluice/plugin-cost-meter';
import { PRICES } from './meter-under-test.js';

const twice = [PRICES[0]!, PRICES[1]!, { ...PRICES[0]!, inputMicroUsdPerToken: 1 }];

function values(entries: Record<string, unknown>): DirectiveValues {
  return { get: <T>(name: string) => entries[name] as T | undefined, has: (name) => name in entries };
}

describe('cost-meter: a model priced twice', () => {
  it('is refused by the plugin constructor, naming the entry', () => {
    assert.throws(() => new CostMeterPlugin({ prices: twice }), {
      name: 'PluginOptionsError',
      message:
        'cost-meter: invalid options: prices.2.model model "gpt-4o" is priced more than once; keep one model_price per model',
    });
  });

  it('is refused by the PriceTable', () => {
    assert.throws(() => new PriceTable(twice), /model "gpt-4o" is priced more than once/);
  });

  it('is refused when options are read from values that did not come through resolution', () => {
    const price = (model: string, input: number, output: number) => ({
      model,
      inputMicroUsdPerToken: input,
      outputMicroUsdPerToken: output,
    });
    const config = values({ model_price: [price('m', 1, 2), price('n', 1, 2), price('m', 3, 4)] });
    assert.throws(
      () => optionsFromConfig(CostMeterOptionsSchema, config),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.equal(error.message, 'model_price: model "m" is priced more than once; keep one model_price per model');
        return true;
      },
    );
  });

  it('is refused when the config file is resolved', () => {
    const doc = parseConfig('model_price m 1 2;\nmodel_price m 3 4;\n', { file: 'gateway.conf', env: {} });
    assert.throws(
      () => resolveConfig(doc, [directivesOf(CostMeterOptionsSchema)]),
      (error: unknown) => {
        assert.ok(error instanceof ConfigErrors);
        assert.match(error.message, /model_price: model "m" is priced more than once/);
        return true;
      },
    );
  });
});
