import assert from 'node:assert/strict';
import { PriceTable } from '@sluice/plugin-cost-meter';
import { PRICES } from './meter-under-test.js';

describe('cost-meter: PriceTable', () => {
  const table = new PriceTable(PRICES);

  it('costs usage as round(prompt × input) + round(completion × output) micro-USD', () => {
    assert.equal(table.costOf('gpt-4o', { prompt_tokens: 1234, completion_tokens: 567 }), 3085 + 5670);
    assert.equal(table.costOf('gpt-4o', { prompt_tokens: 1, completion_tokens: 1 }), 3 + 10, 'round(2.5) is 3');
    const cheap = new PriceTable([{ model: 'mini', inputMicroUsdPerToken: 0.15, outputMicroUsdPerToken: 0.6 }]);
    assert.equal(cheap.costOf('mini', { prompt_tokens: 3, completion_tokens: 3 }), 0 + 2, 'each direction rounds on its own');
  });

  it('reads zero for an unpriced model, no usage or nonsensical token counts', () => {
    assert.equal(table.costOf('unpriced', { prompt_tokens: 10, completion_tokens: 10 }), 0);
    assert.equal(table.costOf('gpt-4o', undefined), 0);
    assert.equal(table.costOf('gpt-4o', { prompt_tokens: -5, completion_tokens: Number.NaN }), 0);
  });

  it('looks up prices and picks the first priced candidate', () => {
    assert.deepEqual(table.priceOf('gpt-4o'), PRICES[0]);
    assert.equal(table.priceOf('unpriced'), undefined);
    assert.equal(table.pricedModel('gpt-4o-2024-08-06', 'gpt-4o'), 'gpt-4o-2024-08-06');
    assert.equal(table.pricedModel('gpt-4o-2099-01-01', 'gpt-4o'), 'gpt-4o');
    assert.equal(table.pricedModel(undefined, 'unpriced'), undefined);
  });
});
