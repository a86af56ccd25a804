import assert from 'node:assert/strict';
import OpenAI from 'openai';
import { startFakeUpstream, type FakeUpstream } from '../../../test/fixtures/fake-upstream.js';
import { parsePrometheusText } from '../../../test/fixtures/prometheus.js';
import { startFromFile, type GatewayFromFile } from './gateway-from-file.js';

const MODEL = 'gpt-4o-mini';
const OFF_TOPIC = 'Which trail near Sintra has the best view at sunset?';
/** The block_reason of gateway.conf. */
const REASON = 'This assistant answers billing and support questions only.';

const ask = (gw: GatewayFromFile, content: string) =>
  gw.client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content }] }).withResponse();

async function decisionCounts(gw: GatewayFromFile): Promise<Record<string, number>> {
  const family = parsePrometheusText(await (await fetch(`${gw.url}/metrics`)).text()).get('plugin_topic_guard_decisions_total');
  return Object.fromEntries((family?.samples ?? []).map((s) => [s.labels.outcome ?? '', s.value]));
}

describe('topic guard: loaded by gateway.conf through its plugin block', () => {
  let upstream: FakeUpstream;
  before(async () => {
    upstream = await startFakeUpstream();
  });
  after(async () => {
    await upstream?.close();
  });

  describe('enforce mode', () => {
    let gw: GatewayFromFile;
    before(async () => {
      gw = await startFromFile({ UPSTREAM_BASE_URL: upstream.baseUrl, GATEWAY_MODE: 'enforce' });
    });
    after(async () => {
      await gw?.close();
    });
    beforeEach(() => upstream.reset());

    it('puts the package in the gateway, after the preset’s own plugins', () => {
      assert.ok(gw.gateway.runtime.kernel.plugins.some((p) => p.name === 'topic-guard'));
    });

    it('lists the package’s own error code among those the gateway may answer', () => {
      const listed = gw.gateway.runtime.kernel.errors.find((error) => error.code === 'topic_not_allowed');
      assert.equal(listed?.owner, '@acme/sluice-topic-guard');
      assert.equal(listed?.status, 403);
    });

    it('answers an allowed topic from the upstream', async () => {
      const { data, response } = await ask(gw, 'I was charged twice on my last invoice; can I get a refund?');
      assert.equal(response.status, 200);
      assert.equal(data.choices[0]?.message.content, 'echo: I was charged twice on my last invoice; can I get a refund?');
      assert.equal(upstream.calls.length, 1);
    });

    it('refuses an off-topic request with its own code, 403 topic_not_allowed, and the block reason, without calling the upstream', async () => {
      await assert.rejects(ask(gw, OFF_TOPIC), (error: unknown) => {
        assert.ok(error instanceof OpenAI.APIError);
        assert.equal(error.status, 403);
        assert.equal(error.code, 'topic_not_allowed');
        assert.equal(error.type, 'policy_error');
        assert.equal(error.message, `403 ${REASON}`);
        assert.ok(error.headers?.get('x-sluice-trace-id'));
        return true;
      });
      assert.equal(upstream.calls.length, 0);
      const counts = await decisionCounts(gw);
      assert.ok((counts.blocked ?? 0) >= 1 && (counts.allowed ?? 0) >= 1, JSON.stringify(counts));
    });

    it('records the decision without the prompt', () => {
      const decisions = gw.events.filter((e) => e.event_type === 'topic_guard.decision');
      assert.deepEqual(
        decisions.map((e) => e.outcome),
        ['allowed', 'blocked'],
      );
      const text = JSON.stringify(gw.events).toLowerCase();
      for (const word of ['sintra', 'sunset', 'charged twice']) assert.ok(!text.includes(word), `"${word}" in evidence`);
    });
  });

  describe('observe mode (GATEWAY_MODE=observe)', () => {
    let gw: GatewayFromFile;
    before(async () => {
      gw = await startFromFile({ UPSTREAM_BASE_URL: upstream.baseUrl, GATEWAY_MODE: 'observe' });
    });
    after(async () => {
      await gw?.close();
    });

    it('answers an off-topic request from the upstream and records that it would have blocked it', async () => {
      upstream.reset();
      const { data, response } = await ask(gw, OFF_TOPIC);
      assert.equal(response.status, 200);
      assert.equal(data.choices[0]?.message.content, `echo: ${OFF_TOPIC}`);
      assert.equal(upstream.calls.length, 1);
      const traceId = response.headers.get('x-sluice-trace-id');
      const decision = gw.events.find((e) => e.trace_id === traceId && e.event_type === 'topic_guard.decision');
      assert.equal(decision?.outcome, 'allowed');
      assert.deepEqual(decision?.decision, { action: 'would_block', reason_code: 'TOPIC_NOT_ALLOWED', rule_id: 'off_topic' });
      assert.equal(decision?.attributes?.enforcement_mode, 'observe');
      assert.equal(decision?.attributes?.would_action, 'block');
      const completed = gw.events.find((e) => e.trace_id === traceId && e.event_type === 'request.completed');
      assert.equal(completed?.attributes?.delivery_path, 'upstream');
      assert.equal((await decisionCounts(gw)).would_block, 1);
    });
  });
});
