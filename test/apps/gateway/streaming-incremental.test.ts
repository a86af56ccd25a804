import assert from 'node:assert/strict';
import { readWhilePaused } from '../../packages/host/live-stream-under-test.js';
import { gatewayForSuite } from './gateway-under-test.js';

describe('gateway: streaming_mode', () => {
  describe('incremental, the default', () => {
    const suite = gatewayForSuite('streaming_enabled on;');
    afterEach(() => suite.upstream.reset());

    it('sends the first chunk while the provider is still generating, and caches the assembled answer', async () => {
      const read = await readWhilePaused(suite.gw, suite.upstream, 'stream as you go', 'live');
      assert.equal(read.firstChunkWhilePaused, true);
      assert.equal(read.text, 'echo: stream as you go');
      const calls = suite.upstream.calls.length;
      const again = await suite.gw.client.chat.completions
        .create({ model: 'test-model', messages: [{ role: 'user', content: 'stream as you go' }] })
        .withResponse();
      assert.equal(again.response.headers.get('x-sluice-cache'), 'hit-exact');
      assert.equal(again.data.choices[0]?.message.content, 'echo: stream as you go');
      assert.equal(suite.upstream.calls.length, calls);
    });
  });

  describe('incremental with the security response scan on', () => {
    const suite = gatewayForSuite(
      'streaming_enabled on;\nsecurity_guard_enabled on;\nsecurity_guard_url local;\nsecurity_guard_scan_responses on;',
    );
    it('holds every streamed answer until it is scanned', async () => {
      const read = await readWhilePaused(suite.gw, suite.upstream, 'scan the answer first', 'held');
      assert.equal(read.firstChunkWhilePaused, false);
      assert.equal(read.text, 'echo: scan the answer first');
      assert.equal(read.headers.get('x-sluice-cache'), 'miss', 'a held answer has all its headers');
    });
  });

  describe('controlled', () => {
    const suite = gatewayForSuite('streaming_enabled on;\nstreaming_mode controlled;');
    it('sends nothing before the provider has finished', async () => {
      const read = await readWhilePaused(suite.gw, suite.upstream, 'whole answers only', 'held');
      assert.equal(read.firstChunkWhilePaused, false);
      assert.equal(read.text, 'echo: whole answers only');
    });
  });
});
