import assert from 'node:assert/strict';
import { PrivacyGuardPlugin } from '@sluice/plugin-privacy-guard';
import { SecurityGuardPlugin } from '@sluice/plugin-security-guard';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { liveGateway, readWhilePaused, type LiveGateway } from './live-stream-under-test.js';

describe('host: incremental streaming, when the client sees the first chunk', () => {
  let upstream: FakeUpstream;
  let gateway: LiveGateway | undefined;
  before(async () => {
    upstream = await startFakeUpstream();
  });
  afterEach(async () => {
    await gateway?.close();
    gateway = undefined;
    upstream.reset();
  });
  after(() => upstream.close());

  it('incremental (the default): the openai client has the first chunk while the provider is still generating', async () => {
    gateway = await liveGateway(upstream);
    const read = await readWhilePaused(gateway, upstream, 'live please', 'live');
    assert.equal(read.firstChunkWhilePaused, true);
    assert.equal(read.text, 'echo: live please', 'the whole answer, chunk by chunk');
    assert.match(read.headers.get('content-type') ?? '', /^text\/event-stream/);
    assert.match(read.headers.get('x-sluice-trace-id') ?? '', /^[0-9a-f-]{36}$/);
    assert.equal(read.headers.get('content-length'), null, 'a live reply is chunked');
    const completed = gateway.events.find((e) => e.event_type === 'upstream.stream.completed');
    assert.equal(completed?.committed_to_client, true);
  });

  it('controlled: nothing reaches the client before the provider has finished', async () => {
    gateway = await liveGateway(upstream, [], { streamingMode: 'controlled' });
    const read = await readWhilePaused(gateway, upstream, 'hold me', 'held');
    assert.equal(read.firstChunkWhilePaused, false);
    assert.equal(read.text, 'echo: hold me');
    assert.equal(gateway.events.find((e) => e.event_type === 'upstream.stream.completed')?.committed_to_client, false);
  });

  it('the security response scan holds the answer whole, in enforce and in observe mode', async () => {
    for (const mode of ['enforce', 'observe'] as const) {
      gateway = await liveGateway(upstream, [new SecurityGuardPlugin({ url: 'local', scanResponses: true })], { mode });
      const read = await readWhilePaused(gateway, upstream, `scan me (${mode})`, 'held');
      assert.equal(read.firstChunkWhilePaused, false, mode);
      assert.equal(read.text, `echo: scan me (${mode})`);
      await gateway.close();
      gateway = undefined;
    }
  });

  it('the security guard without its response scan lets the answer stream', async () => {
    gateway = await liveGateway(upstream, [new SecurityGuardPlugin({ url: 'local', scanResponses: false })]);
    const read = await readWhilePaused(gateway, upstream, 'no response scan', 'live');
    assert.equal(read.firstChunkWhilePaused, true);
  });

  it('a privacy restore holds the answer whole; a request with nothing masked streams', async () => {
    gateway = await liveGateway(upstream, [new PrivacyGuardPlugin({ url: 'local' })]);
    const masked = await readWhilePaused(gateway, upstream, 'mail ana.lopez@example.org', 'held');
    assert.equal(masked.firstChunkWhilePaused, false);
    assert.equal(masked.text, 'echo: mail ana.lopez@example.org', 'restored before the client saw it');
    assert.ok(!JSON.stringify(masked.call.body).includes('ana.lopez'), 'the provider saw the placeholder');
    const plain = await readWhilePaused(gateway, upstream, 'nothing personal here', 'live');
    assert.equal(plain.firstChunkWhilePaused, true);
  });
});
