import assert from 'node:assert/strict';
import type { Exchange } from '@sluice/core';
import type { ModuleServer } from '@sluice/guard-kit';
import { startPrivacyGuardServer } from '@sluice/plugin-privacy-guard';
import { freePort } from '../../fixtures/free-port.js';
import { answerOf, privacyKernel, type PrivacyUnderTest } from './privacy-under-test.js';
import { scriptedModule } from './scripted-module.js';

const KEY = 'privacy-key';
const EMAIL = 'ana.lopez@example.org';

describe('privacy guard plugin: the module over HTTP', () => {
  let server: ModuleServer;
  let guard: PrivacyUnderTest | undefined;
  before(async () => {
    server = await startPrivacyGuardServer({ listen: '127.0.0.1:0', apiKey: KEY });
  });
  after(() => server.close());
  afterEach(async () => {
    await guard?.close();
    guard = undefined;
  });

  it('anonymises through the module and restores the answer', async () => {
    guard = await privacyKernel({ url: server.url, apiKey: KEY });
    const exchange = await guard.ask(`mail ${EMAIL}`);
    assert.equal(exchange.error, undefined);
    assert.equal(guard.received[0]?.messages[0]?.content, 'mail [EMAIL_1]');
    assert.equal(answerOf(exchange), `answer 1 to mail ${EMAIL}`);
    const scan = guard.events.find((e) => e.event_type === 'privacy.scan');
    assert.deepEqual(scan?.findings, [{ kind: 'email', count: 1, action: 'anonymized', detector_id: 'module' }]);
    assert.ok(!guard.recorded().includes(EMAIL));
  });

  it('sends the contract’s fields: trace id, configured tenant and policy, mode, string contents only', async () => {
    const module = await scriptedModule({ scan: () => ({ decision: 'allow', modified: false }) });
    try {
      guard = await privacyKernel({ url: module.url, tenantId: 'acme', policyId: 'hr', mode: 'redact' });
      const exchange = await guard.ask([
        { role: 'system', content: 'be brief' },
        { role: 'user', content: [{ type: 'text', text: 'parts' }] },
        { role: 'user', content: 'hello' },
      ]);
      assert.deepEqual(module.scans, [
        {
          request_id: exchange.traceId,
          tenant_id: 'acme',
          conversation_id: exchange.traceId,
          policy_id: 'hr',
          mode: 'redact',
          messages: [
            { role: 'system', content: 'be brief' },
            { role: 'user', content: 'hello' },
          ],
        },
      ]);
    } finally {
      await module.close();
    }
  });

  it('skips the call when no message has string content', async () => {
    const module = await scriptedModule({});
    try {
      guard = await privacyKernel({ url: module.url });
      const exchange = await guard.ask([{ role: 'user', content: [{ type: 'text', text: EMAIL }] }]);
      assert.equal(exchange.error, undefined);
      assert.equal(module.scans.length, 0);
      assert.equal(await guard.counter('gw_guard_requests_total', { guard: 'privacy', outcome: 'skipped' }), 1);
    } finally {
      await module.close();
    }
  });

  for (const failOpen of [false, true]) {
    describe(`guard_fail_open ${failOpen ? 'on' : 'off'}`, () => {
      const outcome = failOpen ? 'failed_open' : 'failed_closed';

      it(
        failOpen ? 'a wrong key lets the request go on unscanned' : 'a wrong key fails with 502 privacy_guard_unavailable',
        async () => {
          guard = await privacyKernel({ url: server.url, apiKey: 'wrong', failOpen });
          const exchange = await guard.ask(`mail ${EMAIL}`);
          await expectFailure(guard, exchange, 'privacy_guard_unavailable', failOpen, outcome);
        },
      );

      it(failOpen ? 'a module that is down lets the request go on' : 'a module that is down fails with 502', async () => {
        guard = await privacyKernel({ url: `http://127.0.0.1:${await freePort()}`, failOpen });
        const exchange = await guard.ask(`mail ${EMAIL}`);
        await expectFailure(guard, exchange, 'privacy_guard_unavailable', failOpen, outcome);
      });

      it(failOpen ? 'a module that does not answer in time lets the request go on' : 'a slow module fails with 504', async () => {
        const module = await scriptedModule({ silent: true });
        try {
          guard = await privacyKernel({ url: module.url, timeoutSeconds: 0.2, failOpen });
          const exchange = await guard.ask(`mail ${EMAIL}`);
          await expectFailure(guard, exchange, 'privacy_guard_timeout', failOpen, outcome);
        } finally {
          await module.close();
        }
      });
    });
  }
});

/** Fail-open: the request reached the upstream as the client sent it. Fail-closed: the error, no upstream call. */
async function expectFailure(
  guard: PrivacyUnderTest,
  exchange: Exchange,
  expected: 'privacy_guard_unavailable' | 'privacy_guard_timeout',
  failOpen: boolean,
  outcome: string,
): Promise<void> {
  if (failOpen) {
    assert.equal(exchange.error, undefined);
    assert.equal(guard.received[0]?.messages[0]?.content, `mail ${EMAIL}`);
  } else {
    assert.equal(exchange.error?.code, expected);
    assert.equal(exchange.error?.status, expected === 'privacy_guard_timeout' ? 504 : 502);
    assert.equal(guard.upstreamCalls(), 0);
  }
  assert.equal(await guard.counter('gw_guard_requests_total', { guard: 'privacy', stage: 'request', outcome }), 1);
  const failed = guard.events.find((e) => e.event_type === 'privacy.scan' && e.outcome === 'failed');
  assert.equal(failed?.decision?.action, failOpen ? 'fail_open' : 'fail_closed');
  assert.equal(failed?.decision?.reason_code, expected.toUpperCase());
}
