import assert from 'node:assert/strict';
import { Exchange, Kernel, type CachedResponse, type Mode } from '@sluice/core';
import { CostMeterPlugin, PriceTable, costMeterOptionsFromConfig, type CostMeterOptionsInput } from '@sluice/plugin-cost-meter';
import { pino } from 'pino';

const completion = (model: string, prompt: number, completionTokens: number) => ({
  status: 200,
  body: {
    id: 'c',
    object: 'chat.completion',
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: 'x' } }],
    usage: { prompt_tokens: prompt, completion_tokens: completionTokens, total_tokens: prompt + completionTokens },
  },
});

const prices = [
  { model: 'gpt-4o', inputMicroUsdPerToken: 2.5, outputMicroUsdPerToken: 10 },
  { model: 'gpt-4o-2024-08-06', inputMicroUsdPerToken: 2, outputMicroUsdPerToken: 8 },
];

function meter(options: CostMeterOptionsInput, mode: Mode = 'enforce', cached?: CachedResponse) {
  const kernel = new Kernel({ logger: pino({ level: 'silent' }), mode });
  kernel.use(new CostMeterPlugin(options));
  let upstreamCalls = 0;
  let reported = 'gpt-4o';
  if (cached !== undefined) kernel.hooks.cacheLookup.tapPromise('stub-cache', async () => cached);
  kernel.hooks.upstream.tapPromise('stub-upstream', async () => {
    upstreamCalls += 1;
    return completion(reported, 1234, 567);
  });
  const counter = async (name: string) =>
    ((await kernel.metrics.registry.getSingleMetric(name)?.get())?.values ?? []).reduce((s, v) => s + v.value, 0);
  return {
    kernel,
    upstreamCalls: () => upstreamCalls,
    report: (model: string) => {
      reported = model;
    },
    counter,
    ask: async (model = 'gpt-4o', overhead = 0) => {
      const exchange = new Exchange({ request: { model, messages: [{ role: 'user', content: 'hi' }] }, mode });
      exchange.cost.overheadMicroUsd = overhead;
      await kernel.run(exchange);
      return exchange;
    },
  };
}

describe('cost-meter', () => {
  it('computes cost in micro-USD with rounding per direction', () => {
    const table = new PriceTable(prices);
    assert.equal(table.costOf({ prompt_tokens: 1234, completion_tokens: 567 }, 'gpt-4o'), 3085 + 5670);
    assert.equal(table.costOf({ prompt_tokens: 1, completion_tokens: 1 }, 'gpt-4o'), 3 + 10);
    assert.equal(table.costOf(undefined, 'gpt-4o'), 0);
    assert.equal(table.costOf({ prompt_tokens: 10, completion_tokens: 10 }, 'unknown'), 0);
  });

  it('rejects an unknown model with 400 model_not_allowed before the upstream', async () => {
    const m = meter({ prices });
    const exchange = await m.ask('gpt-unknown');
    assert.equal(exchange.error?.code, 'model_not_allowed');
    assert.equal(exchange.error?.status, 400);
    assert.match(exchange.error?.message ?? '', /model "gpt-unknown" has no model_price entry/);
    assert.equal(m.upstreamCalls(), 0);
  });

  it('lets an unknown model through with pass-through on, at zero cost', async () => {
    const m = meter({ prices, allowUnknownModels: true });
    m.report('gpt-unknown');
    const exchange = await m.ask('gpt-unknown');
    assert.equal(exchange.response?.status, 200);
    assert.equal(exchange.cost.requestMicroUsd, 0);
  });

  it('counts the cost of an upstream call, looking up the reported model first', async () => {
    const m = meter({ prices });
    m.report('gpt-4o-2024-08-06');
    const exchange = await m.ask('gpt-4o');
    assert.equal(exchange.cost.requestMicroUsd, Math.round(1234 * 2) + Math.round(567 * 8));
    assert.equal(await m.counter('gw_request_cost_micro_usd_total'), 2468 + 4536);
    m.report('some-unpriced-snapshot');
    assert.equal((await m.ask('gpt-4o')).cost.requestMicroUsd, 8755, 'falls back to the requested model');
  });

  it('counts savings and tokens saved on a hit, net of overhead and never below zero', async () => {
    const hit: CachedResponse = { ...completion('gpt-4o', 100, 50), layer: 'exact' };
    const m = meter({ prices }, 'enforce', hit);
    const exchange = await m.ask('gpt-4o', 300);
    assert.equal(m.upstreamCalls(), 0);
    assert.equal(exchange.cost.grossSavedMicroUsd, 250 + 500);
    assert.equal(await m.counter('gw_gross_saved_micro_usd_total'), 750);
    assert.equal(await m.counter('gw_net_saved_micro_usd_total'), 450);
    assert.equal(await m.counter('gw_tokens_saved'), 150);
    await m.ask('gpt-4o', 10_000);
    assert.equal(await m.counter('gw_net_saved_micro_usd_total'), 450, 'overhead above savings adds zero');
    assert.equal(await m.counter('gw_request_cost_micro_usd_total'), 0);
  });

  it('in observe mode counts would-be savings separately and leaves production savings at zero', async () => {
    const hit: CachedResponse = { ...completion('gpt-4o', 100, 50), layer: 'exact' };
    const m = meter({ prices }, 'observe', hit);
    await m.ask('gpt-4o');
    assert.equal(m.upstreamCalls(), 1);
    assert.equal(await m.counter('gw_gross_saved_micro_usd_total'), 0);
    assert.equal(await m.counter('gw_tokens_saved'), 0);
    assert.equal(await m.counter('gw_evaluation_gross_saved_micro_usd_total'), 750);
    assert.equal(await m.counter('gw_evaluation_net_saved_micro_usd_total'), 750);
    assert.equal(await m.counter('gw_evaluation_upstream_calls_avoided_total'), 1);
    assert.equal(await m.counter('gw_request_cost_micro_usd_total'), 8755);
  });

  it('rejects a model priced twice', () => {
    assert.throws(
      () => new CostMeterPlugin({ prices: [prices[0]!, prices[0]!] }),
      /cost-meter: model_price for "gpt-4o" is given more than once/,
    );
  });

  it('maps model_price directives to options', () => {
    const values: Record<string, unknown> = { model_price: [['m', 1.5, 2]], allow_unknown_models_pass_through: true };
    const config = { get: <T>(name: string) => values[name] as T, has: (name: string) => name in values };
    assert.deepEqual(costMeterOptionsFromConfig(config), {
      prices: [{ model: 'm', inputMicroUsdPerToken: 1.5, outputMicroUsdPerToken: 2 }],
      allowUnknownModels: true,
    });
  });

  it('exposes every counter from the start, at zero', async () => {
    const m = meter({ prices });
    const body = (await m.kernel.metrics.exposition()).body;
    for (const name of [
      'gw_request_cost_micro_usd_total',
      'gw_gross_saved_micro_usd_total',
      'gw_net_saved_micro_usd_total',
      'gw_tokens_saved',
      'gw_evaluation_gross_saved_micro_usd_total',
    ]) {
      assert.match(body, new RegExp(`^# TYPE ${name} counter`, 'm'));
    }
  });
});
