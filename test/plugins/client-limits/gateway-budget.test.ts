import assert from 'node:assert/strict';
import { Gateway } from '@sluice/gateway';
import { gatewayOptionsFromConfig, parseGatewayConfig } from '@sluice/preset-gateway';
import { admitCaller } from '@sluice/caller';
import { Stage, type Kernel, type Plugin } from '@sluice/core';
import { ClientLimitsPlugin } from '@sluice/plugin-client-limits';
import OpenAI, { APIError } from 'openai';
import { pino } from 'pino';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { usageFor } from '../../fixtures/openai-bodies.js';
import { caller } from './limits-under-test.js';

/** Stands in for the client-keys plugin: every request is admitted as one key with a daily budget. */
class OneKeyCaller implements Plugin {
  readonly name = 'test-one-key';
  constructor(readonly budgetMicroUsd: number) {}
  apply(kernel: Kernel): void {
    kernel.hooks.preGuard.tap({ name: this.name, stage: Stage.ADMISSION - 100 }, (exchange) => {
      admitCaller(exchange, caller('e2e-app', { budget: { microUsd: this.budgetMicroUsd, period: 'day' } }));
      return undefined;
    });
  }
}

const question = (n: number) => ({ model: 'test-model', messages: [{ role: 'user' as const, content: `question ${n}` }] });
/** `model_price test-model 1.0 2.0`: a question costs its prompt tokens plus twice its completion tokens. */
const COST = (() => {
  const usage = usageFor(question(1));
  return usage.prompt_tokens + 2 * usage.completion_tokens;
})();

describe('client limits: a budget through a real gateway and the openai client', () => {
  let upstream: FakeUpstream;
  let gateway: Gateway;
  let client: OpenAI;
  let url: string;
  before(async () => {
    upstream = await startFakeUpstream();
    const config = await parseGatewayConfig(
      `upstream_base_url ${upstream.baseUrl};\nupstream_api_key dummy;\nupstream_timeout_seconds 2;\nmodel_price test-model 1.0 2.0;\nlog_level silent;\n`,
      'test.conf',
      { env: {} },
    );
    gateway = await Gateway.create(gatewayOptionsFromConfig(config), {
      logger: pino({ level: 'silent' }),
      plugins: [() => new OneKeyCaller(2 * COST), () => new ClientLimitsPlugin()],
    });
    ({ url } = await gateway.listen('127.0.0.1:0'));
    client = new OpenAI({ baseURL: `${url}/v1`, apiKey: 'k', maxRetries: 0, timeout: 10_000 });
  });
  after(async () => {
    await gateway?.shutdown();
    await upstream?.close();
  });
  const spent = async () => {
    const text = await (await fetch(`${url}/metrics`)).text();
    return Number(/^gw_limit_spend_micro_usd_total\{scope="key"\} (\d+)$/m.exec(text)?.[1]);
  };

  it('spends on upstream calls only, and answers 429 insufficient_quota with Retry-After once the budget is spent', async () => {
    assert.ok(COST > 0);
    await client.chat.completions.create(question(1));
    assert.equal(await spent(), COST);
    const { response } = await client.chat.completions.create(question(1)).withResponse();
    assert.equal(response.headers.get('x-sluice-cache'), 'hit-exact');
    assert.equal(await spent(), COST, 'the cache hit spent nothing');
    await client.chat.completions.create(question(2));
    assert.equal(await spent(), 2 * COST);
    assert.equal(upstream.calls.length, 2);

    let refused: APIError | undefined;
    try {
      await client.chat.completions.create(question(3));
    } catch (error) {
      if (error instanceof APIError) refused = error;
      else throw error;
    }
    assert.ok(refused, 'the third question was refused');
    assert.equal(refused.status, 429);
    assert.equal(refused.code, 'insufficient_quota');
    assert.equal(refused.type, 'insufficient_quota');
    assert.match(refused.message, /client key "e2e-app".*used up/);
    const retryAfter = Number(refused.headers?.get('retry-after'));
    const untilMidnight =
      (Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + 1) - Date.now()) / 1000;
    assert.ok(
      retryAfter >= 1 && Math.abs(retryAfter - untilMidnight) < 5,
      `Retry-After ${retryAfter} s is the time to midnight UTC`,
    );
    assert.equal(upstream.calls.length, 2, 'the refused question never reached the upstream');
    assert.equal(await spent(), 2 * COST);
  });
});
