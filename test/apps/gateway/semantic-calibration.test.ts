import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { parsePrometheusText, sampleValue } from '../../fixtures/prometheus.js';
import { sluiceInProcess } from '../cli/run-sluice.js';
import { baseConfig, startGateway, type GatewayUnderTest } from './gateway-under-test.js';

const CALIBRATION = 'gw_evaluation_semantic_calibration_total';

describe('gateway: observe mode calibrates the semantic threshold on its own traffic (sluice calibrate)', () => {
  let upstream: FakeUpstream;
  let dir: string;
  let gw: GatewayUnderTest | undefined;
  const ask = (content: string) =>
    gw!.client.chat.completions.create({ model: 'test-model', messages: [{ role: 'user', content }] });
  const sampleLines = async () => (await gw!.metricsText()).split('\n').filter((line) => line.startsWith(`${CALIBRATION}{`));
  /** The answers are compared after the reply: wait for the expected number of samples. */
  const settled = async (total: number) => {
    for (let i = 0; i < 50; i++) {
      const sum = (await sampleLines()).reduce((acc, line) => acc + Number(line.split(' ').at(-1)), 0);
      if (sum >= total) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sluice-gw-calibration-'));
    upstream = await startFakeUpstream();
    gw = await startGateway(
      baseConfig(
        upstream.baseUrl,
        `gw_enforcement_mode observe;\nsemantic_cache_enabled on;\nsemantic_cache_data_dir ${dir};\ndashboard_enabled on;\n`,
      ),
    );
  });
  after(async () => {
    await gw?.close();
    await upstream?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('counts a would-be hit and a verified candidate below the threshold by similarity and answer agreement', async () => {
    await ask('How do I reset my password?');
    // 0.99 with the local embedder: a would-be hit, and the echoed answers agree.
    await ask('How can I reset my password?');
    await ask('How do I bake sourdough bread at home?');
    // 0.85: below the default 0.92 and verified, so counted for lower thresholds; the echoed answers differ.
    await ask('How do I bake sourdough bread?');
    await settled(2);
    const metrics = parsePrometheusText(await gw!.metricsText());
    const count = (similarity: string, answer: string) => sampleValue(metrics, CALIBRATION, { similarity, answer }) ?? 0;
    assert.equal(count('0.99', 'agree'), 1);
    assert.equal(count('0.85', 'differ'), 1);
    // A question with no candidate near enough records nothing (its comparison would be queued before the reply).
    await ask('Which planet has the most moons?');
    assert.equal((await sampleLines()).length, 2, 'only the two buckets seen so far');
  });

  it('sluice calibrate reads /metrics and names the lowest threshold reaching the precision', async () => {
    const ran = await sluiceInProcess('calibrate', '--metrics-url', `${gw!.url}/metrics`, '--precision', '0.98');
    assert.equal(ran.code, 0, ran.err);
    assert.match(ran.out, /^threshold +would-hits +agreed +precision$/m);
    assert.match(ran.out, /^0\.85 +2 +1 +0\.500$/m);
    assert.match(ran.out, /^0\.99 +1 +1 +1\.000$/m);
    assert.match(ran.out, /lowest threshold reaching precision 0\.980: 0\.99 \(1 would-hits, precision 1\.000\)/);
    assert.match(ran.out, /only 1 would-hits at or above it/);
  });

  it('/dashboard shows the same answer for precision 0.98', async () => {
    const figures = (await (await fetch(`${gw!.url}/dashboard/figures`)).json()) as {
      evaluation: { calibration: { precision: number; threshold: number | null; wouldHits: number | null } };
    };
    assert.deepEqual(figures.evaluation.calibration, { precision: 0.98, threshold: 0.99, wouldHits: 1 });
  });

  it('sluice calibrate fails with exit 1 when the gateway cannot be read, and 2 on a wrong precision', async () => {
    const unread = await sluiceInProcess('calibrate', '--metrics-url', 'http://127.0.0.1:9/metrics');
    assert.equal(unread.code, 1);
    assert.match(unread.err, /^sluice calibrate: cannot read http:\/\/127\.0\.0\.1:9\/metrics/);
    const wrong = await sluiceInProcess('calibrate', '--metrics-url', `${gw!.url}/metrics`, '--precision', '1.5');
    assert.equal(wrong.code, 2);
    assert.match(wrong.err, /--precision must be a number above 0 and at most 1/);
  });
});
