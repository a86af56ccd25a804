import assert from 'node:assert/strict';
import { ModuleRequestError } from '@sluice/guard-kit';
import { privacyKernel, type PrivacyUnderTest } from './privacy-under-test.js';
import { rewriting, scriptedModule, type Script, type ScriptedModule } from './scripted-module.js';

const EMAIL = 'ana.lopez@example.org';
const messagesOf = (body: Record<string, unknown>) => body.messages as { role: string; content: string }[];

/** Scan replies a module must never give; each is a contract violation. */
const GARBAGE: Readonly<Record<string, Script>> = {
  'one message too many': (body) => ({ modified: true, messages: [...messagesOf(body), { role: 'user', content: 'extra' }] }),
  'a message missing': () => ({ modified: true, messages: [] }),
  'a changed role': (body) => ({ modified: true, messages: messagesOf(body).map((m) => ({ ...m, role: 'system' })) }),
  'messages that are not a list': () => ({ modified: true, messages: 'anonymised' }),
  'a content that is not a string': (body) => ({
    modified: true,
    messages: messagesOf(body).map((m) => ({ ...m, content: 42 })),
  }),
  'modified without messages': () => ({ decision: 'allow', modified: true }),
  'findings of the wrong shape': () => ({ findings: 'email' }),
};

describe('privacy guard plugin: a module that misbehaves', () => {
  let module: ScriptedModule | undefined;
  let guard: PrivacyUnderTest | undefined;
  afterEach(async () => {
    await guard?.close();
    await module?.close();
    guard = undefined;
    module = undefined;
  });

  for (const failOpen of [false, true]) {
    for (const [name, scan] of Object.entries(GARBAGE)) {
      it(`${name}: 422 guard_contract_violation, guard_fail_open ${failOpen ? 'on' : 'off'}`, async () => {
        module = await scriptedModule({ scan });
        guard = await privacyKernel({ url: module.url, failOpen });
        const exchange = await guard.ask(`mail ${EMAIL}`);
        assert.equal(exchange.error?.code, 'guard_contract_violation');
        assert.equal(exchange.error?.status, 422);
        assert.equal(exchange.error?.guard, 'privacy');
        assert.equal(guard.upstreamCalls(), 0);
        assert.equal(await guard.counter('gw_guard_requests_total', { guard: 'privacy', outcome: 'failed_closed' }), 1);
      });
    }
  }

  it('a 422 from the module (it refused our request as off the contract) is a contract violation; a 500 an outage', async () => {
    module = await scriptedModule({
      scan: () => {
        throw new ModuleRequestError(422, 'invalid_request', 'messages: expected array');
      },
    });
    guard = await privacyKernel({ url: module.url });
    assert.equal((await guard.ask(`mail ${EMAIL}`)).error?.code, 'guard_contract_violation');
    await guard.close();
    await module.close();
    module = await scriptedModule({
      scan: () => {
        throw new Error('crashed');
      },
    });
    guard = await privacyKernel({ url: module.url });
    assert.equal((await guard.ask(`mail ${EMAIL}`)).error?.code, 'privacy_guard_unavailable');
  });

  it('decision block stops the request with 403 privacy_request_blocked, naming kinds only', async () => {
    module = await scriptedModule({
      scan: () => ({ decision: 'block', action: 'blocked', findings: [{ kind: 'email', count: 1, severity: 'medium' }] }),
    });
    guard = await privacyKernel({ url: module.url, failOpen: true });
    const exchange = await guard.ask(`mail ${EMAIL}`);
    assert.equal(exchange.error?.code, 'privacy_request_blocked');
    assert.equal(exchange.error?.status, 403);
    assert.match(exchange.error?.message ?? '', /\(email\)/);
    assert.equal(guard.upstreamCalls(), 0);
    assert.ok(guard.events.some((e) => e.event_type === 'privacy.scan' && e.outcome === 'blocked'));
  });

  it('tolerates fields it does not know and kinds outside the contract (counted as other)', async () => {
    const anonymise = rewriting((text) => text.replace(EMAIL, '[EMAIL_1]'));
    module = await scriptedModule({
      scan: (body) => ({ ...(anonymise(body) as object), findings: [{ kind: 'passport', count: 2 }], vendor_extra: { x: 1 } }),
      restore: (body) => ({
        restored: true,
        messages: messagesOf(body).map((m) => ({ role: m.role, content: m.content.replace('[EMAIL_1]', EMAIL) })),
      }),
    });
    guard = await privacyKernel({ url: module.url });
    const exchange = await guard.ask(`mail ${EMAIL}`);
    assert.equal(exchange.error, undefined);
    assert.equal(guard.received[0]?.messages[0]?.content, 'mail [EMAIL_1]');
    const scan = guard.events.find((e) => e.event_type === 'privacy.scan');
    assert.deepEqual(scan?.findings, [{ kind: 'other', count: 2, action: 'anonymized', detector_id: 'module' }]);
  });

  it('a severity outside the contract is left out of the evidence, "constructor" included', async () => {
    const severities = ['constructor', 'medium', '__proto__', 'toString'];
    module = await scriptedModule({
      scan: () => ({
        decision: 'block',
        action: 'blocked',
        findings: severities.map((severity) => ({ kind: 'email', count: 1, severity })),
      }),
    });
    guard = await privacyKernel({ url: module.url });
    assert.equal((await guard.ask(`mail ${EMAIL}`)).error?.code, 'privacy_request_blocked');
    const scan = guard.events.find((e) => e.event_type === 'privacy.scan') as { decision?: { severity?: unknown } } | undefined;
    assert.equal(scan?.decision?.severity, 'medium');
  });

  const RESTORE_FAILURES: Readonly<Record<string, Script>> = {
    'restored: false': (body) => ({ restored: false, messages: messagesOf(body) }),
    'a message missing': () => ({ restored: true, messages: [] }),
    'an error status': () => {
      throw new Error('store down');
    },
  };
  for (const [name, restore] of Object.entries(RESTORE_FAILURES)) {
    it(`a restore reply with ${name} fails closed with 502 privacy_restore_failed, even with guard_fail_open on`, async () => {
      module = await scriptedModule({ scan: rewriting((text) => text.replace(EMAIL, '[EMAIL_1]')), restore });
      guard = await privacyKernel({ url: module.url, failOpen: true });
      const exchange = await guard.ask(`mail ${EMAIL}`);
      assert.equal(exchange.error?.code, 'privacy_restore_failed');
      assert.equal(exchange.error?.status, 502);
      assert.equal(exchange.response, undefined);
    });
  }
});
