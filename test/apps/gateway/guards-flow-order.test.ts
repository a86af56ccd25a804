import assert from 'node:assert/strict';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import {
  ask,
  askStreamed,
  guardLines,
  startGuardedGateway,
  startGuardModule,
  type GuardedGateway,
  type GuardKind,
  type GuardModule,
} from './guards-under-test.js';
import { startModuleProxy, type ModuleProxy } from '../../fixtures/module-proxy.js';

const ANA = 'ana.lopez@example.org';
const BOB = 'bob.marsh@example.net';
const question = (address: string) => `Confirm the table for four to ${address}, please.`;
const ANONYMISED = question('[EMAIL_1]');

interface Sent {
  stage?: string;
  messages: { role: string; content: string }[];
}

describe('gateway ↔ the three guard modules: the order of the flow and the text each step sees', () => {
  let upstream: FakeUpstream;
  const journal = { log: [] as string[] };
  const modules = new Map<GuardKind, { module: GuardModule; proxy: ModuleProxy }>();
  let gw: GuardedGateway;
  before(async () => {
    upstream = await startFakeUpstream();
    for (const kind of ['security', 'privacy', 'usage'] as const) {
      const module = await startGuardModule(kind);
      const proxy = await startModuleProxy(module.url, { name: kind, log: journal.log });
      modules.set(kind, { module, proxy });
    }
    const lines = [...modules].map(([kind, { module, proxy }]) => guardLines(kind, proxy.url, module.apiKey)).join('');
    gw = await startGuardedGateway(upstream, `${lines}streaming_enabled on;\n`);
  });
  beforeEach(() => {
    journal.log.length = 0;
    for (const { proxy } of modules.values()) proxy.calls.length = 0;
  });
  after(async () => {
    await gw?.close();
    for (const { module, proxy } of modules.values()) {
      await proxy.close();
      await module.close();
    }
    await upstream?.close();
  });

  /** The last user or assistant text each module received on a route. */
  const seen = (kind: GuardKind, path = '/v1/scan', nth = 0) => {
    const calls = modules.get(kind)!.proxy.calls.filter((c) => c.path === path);
    return (calls[nth]?.body as Sent | undefined)?.messages.at(-1)?.content;
  };

  it('runs security, privacy, usage, upstream, response scan, restore, in that order, each on the right text', async () => {
    const { data } = await ask(gw, question(ANA));
    assert.deepEqual(journal.log, [
      'security /v1/scan',
      'privacy /v1/scan',
      'usage /v1/scan',
      'security /v1/scan',
      'privacy /v1/restore',
    ]);
    assert.equal(seen('security'), question(ANA), 'the request scan reads the request as the client wrote it');
    assert.equal(seen('privacy'), question(ANA));
    assert.equal(seen('usage'), ANONYMISED, 'the usage guard sees anonymised text');
    const upstreamBody = upstream.calls.at(-1)?.body as Sent;
    assert.equal(upstreamBody.messages.at(-1)?.content, ANONYMISED);
    const responseScan = modules.get('security')!.proxy.calls[1]?.body as Sent;
    assert.equal(responseScan.stage, 'response');
    assert.equal(responseScan.messages.at(-1)?.content, `echo: ${ANONYMISED}`, 'the response scan reads placeholders');
    assert.equal(seen('privacy', '/v1/restore'), `echo: ${ANONYMISED}`);
    assert.equal(data.choices[0]?.message.content, `echo: ${question(ANA)}`, 'the client gets its own address back');
  });

  it('runs every guard again on a streamed cache hit, scanning the cached answer before restoring it', async () => {
    const menu = (address: string) => `Send the menu to ${address} before noon.`;
    await ask(gw, menu(ANA));
    journal.log.length = 0;
    for (const { proxy } of modules.values()) proxy.calls.length = 0;
    const calls = upstream.calls.length;
    const { text, response } = await askStreamed(gw, menu(BOB));
    assert.equal(response.headers.get('x-sluice-cache'), 'hit-exact');
    assert.equal(upstream.calls.length, calls, 'no upstream call');
    assert.deepEqual(journal.log, [
      'security /v1/scan',
      'privacy /v1/scan',
      'usage /v1/scan',
      'security /v1/scan',
      'privacy /v1/restore',
    ]);
    assert.equal(seen('security'), menu(BOB));
    assert.equal(seen('usage'), menu('[EMAIL_1]'));
    assert.equal(seen('security', '/v1/scan', 1), `echo: ${menu('[EMAIL_1]')}`, 'the cached answer, scanned');
    assert.equal(text, `echo: ${menu(BOB)}`);
  });
});
