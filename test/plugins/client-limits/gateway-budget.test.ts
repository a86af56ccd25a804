import assert from 'node:assert/strict';
import { Gateway } from '@sluice/gateway';
import { gatewayOptionsFromConfig, parseGatewayConfig } from '@sluice/preset-gateway';
import { admitCaller, type CallerLimits } from '@sluice/caller';
import { Stage, type Kernel, type Plugin } from '@sluice/core';
import OpenAI, { APIError } from 'openai';
import { pino } from 'pino';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { usageFor } from '../../fixtures/openai-bodies.js';
import { caller } from './limits-under-test.js';

/** Stands in for the client-keys plugin: every request is admitted as one key of tenant acme with these limits. */
class OneKeyCaller implements Plugin {
  readonly name = 'test-one-key';
  constructor(readonly limits: CallerLimits) {}
  apply(kernel: Kernel): void {
    kernel.hooks.preGuard.tap({ name: this.name, stage: Stage.ADMISSION - 100 }, (exchange) => {
      admitCaller(exchange, caller('e2e-app', this.limits));
      return undefined;
    });
  }
}

/** A gateway from config text (the preset runs the limits plugin) in front of `upstream`, with the key above composed in code. */
async function startGateway(upstream: FakeUpstream, limits: CallerLimits, extraConfig = '') {
  const config = await parseGatewayConfig(
    `upstream_base_url ${upstream.baseUrl};\nupstream_api_key dummy;\nupstream_timeout_seconds 2;\nmodel_price test-model 1.0 2.0;\nlog_level silent;\n${extraConfig}`,
    'test.conf',
    { env: {} },
  );
  const gateway = await Gateway.create(gatewayOptionsFromConfig(config), {
    logger: pino({ level: 'silent' }),
    plugins: [() => new OneKeyCaller(limits)],
  });
  const { url } = await gateway.listen('127.0.0.1:0');
  const client = new OpenAI({ baseURL: `${url}/v1`, apiKey: 'k', maxRetries: 0, timeout: 10_000 });
  return { gateway, url, client };
}

async function refusal(call: Promise<unknown>): Promise<APIError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof APIError) return error;
    throw error;
  }
  assert.fail('the call was answered');
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
    ({ gateway, url, client } = await startGateway(upstream, { budget: { microUsd: 2 * COST, period: 'day' } }));
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

    const refused = await refusal(client.chat.completions.create(question(3)));
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

describe('client limits: rates through a real gateway and the openai client', () => {
  let upstream: FakeUpstream;
  const gateways: Gateway[] = [];
  before(async () => {
    upstream = await startFakeUpstream();
  });
  after(async () => {
    for (const gateway of gateways) await gateway.shutdown();
    await upstream?.close();
  });

  it('answers x-ratelimit headers, then 429 rate_limit_exceeded type requests with Retry-After for the tenant', async () => {
    const started = await startGateway(upstream, {}, 'tenant_limits acme { requests_per_minute 2; }\n');
    gateways.push(started.gateway);
    const { response } = await started.client.chat.completions.create(question(1)).withResponse();
    assert.equal(response.headers.get('x-ratelimit-limit-requests'), '2');
    assert.equal(response.headers.get('x-ratelimit-remaining-requests'), '1');
    assert.match(response.headers.get('x-ratelimit-reset-requests') ?? '', /^\d+s$/);
    await started.client.chat.completions.create(question(1));
    const refused = await refusal(started.client.chat.completions.create(question(1)));
    assert.equal(refused.status, 429);
    assert.equal(refused.code, 'rate_limit_exceeded');
    assert.equal(refused.type, 'requests');
    assert.match(refused.message, /requests per minute of tenant "acme"/);
    const retryAfter = Number(refused.headers?.get('retry-after'));
    assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
    assert.equal(refused.headers?.get('x-ratelimit-remaining-requests'), '0');
  });

  it('refuses with type tokens once a minute’s upstream tokens reach the key’s limit', async () => {
    const started = await startGateway(upstream, { tokensPerMinute: 1 });
    gateways.push(started.gateway);
    await started.client.chat.completions.create(question(1));
    const refused = await refusal(started.client.chat.completions.create(question(2)));
    assert.equal(refused.status, 429);
    assert.equal(refused.code, 'rate_limit_exceeded');
    assert.equal(refused.type, 'tokens');
    assert.ok(Number(refused.headers?.get('retry-after')) >= 1);
  });
});
