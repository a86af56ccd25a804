/**
 * Module faults with guard_fail_open off and on: down (closed port), slow (timeout), garbage replies
 * (contract violations), refusals (a wrong key is a block) and error statuses.
 */
import assert from 'node:assert/strict';
import type { ModuleServer } from '@sluice/guard-kit';
import { startSecurityGuardServer } from '@sluice/plugin-security-guard';
import { freePort } from '../../fixtures/free-port.js';
import { securityEvents, securityKernel } from './guard-under-test.js';
import { startScriptedModule, type Script, type ScriptedModule } from './scripted-module.js';

/** Runs one clean request through a kernel whose security guard talks to `url`. */
async function askThrough(url: string, failOpen: boolean, extra: { apiKey?: string; timeoutSeconds?: number } = {}) {
  const guard = await securityKernel({ url, failOpen, timeoutSeconds: extra.timeoutSeconds ?? 5, apiKey: extra.apiKey ?? '' });
  try {
    const exchange = await guard.ask('What is the capital of France?');
    return {
      exchange,
      upstreamCalls: guard.upstreamCalls(),
      request: (outcome: string) => guard.outcome('request', outcome),
      response: (outcome: string) => guard.outcome('response', outcome),
      events: securityEvents(guard.events),
    };
  } finally {
    await guard.close();
  }
}

describe('security guard plugin: module faults', () => {
  let module: ScriptedModule;
  beforeEach(async () => {
    module = await startScriptedModule();
  });
  afterEach(() => module.close());

  const outages: [what: string, script: Script | 'closed port', code: string, status: number][] = [
    ['a module that is down', 'closed port', 'security_guard_unavailable', 502],
    ['a module answering 500', { status: 500, body: { error: { code: 'internal' } } }, 'security_guard_unavailable', 502],
    ['a module answering 503 with HTML', { status: 503, body: '<html>busy</html>' }, 'security_guard_unavailable', 502],
    ['a module answering 408', { status: 408, body: {} }, 'security_guard_timeout', 504],
    ['a module answering 504', { status: 504, body: {} }, 'security_guard_timeout', 504],
    ['a module too slow to answer', { hang: true }, 'security_guard_timeout', 504],
  ];
  for (const [what, script, code, status] of outages) {
    const url = async () => {
      if (script === 'closed port') return `http://127.0.0.1:${await freePort()}`;
      module.reply(script);
      return module.url;
    };

    it(`fails closed with ${code} (${status}) on ${what}`, async () => {
      const run = await askThrough(await url(), false, { timeoutSeconds: 0.3 });
      assert.equal(run.exchange.error?.code, code);
      assert.equal(run.exchange.error?.status, status);
      assert.equal(run.exchange.error?.guard, 'security');
      assert.equal(run.upstreamCalls, 0);
      assert.equal(await run.request('failed_closed'), 1);
      assert.deepEqual(run.events[0]?.decision, { action: 'fail_closed', reason_code: code.toUpperCase() });
      assert.equal(run.events[0]?.outcome, 'failed');
    });

    it(`continues with guard_fail_open on ${what}, counted and evidenced`, async () => {
      const run = await askThrough(await url(), true, { timeoutSeconds: 0.3 });
      assert.equal(run.exchange.error, undefined);
      assert.equal(run.exchange.response?.status, 200);
      assert.equal(run.upstreamCalls, 1);
      assert.equal(await run.request('failed_open'), 1);
      assert.equal(await run.response('failed_open'), 1);
      assert.deepEqual(
        run.events.map((e) => e.decision?.action),
        ['fail_open', 'fail_open'],
      );
    });
  }

  const garbage: [what: string, script: Script][] = [
    ['a 200 that is not JSON', { body: 'OK' }],
    ['a 200 with a JSON array', { body: '[true]' }],
    ['a 200 with a JSON string', { body: '"allowed"' }],
    ['a 200 with allowed as a string', { body: { allowed: 'yes' } }],
    ['a 200 with a numeric rule id', { body: { blocked: false, rule_id: 42 } }],
    ['a 400', { status: 400, body: { error: { code: 'invalid_request' } } }],
    ['a 422', { status: 422, body: { error: { code: 'invalid_request' } } }],
  ];
  for (const [what, script] of garbage) {
    for (const failOpen of [false, true]) {
      it(`answers ${what} with 422 guard_contract_violation (guard_fail_open ${failOpen ? 'on' : 'off'})`, async () => {
        module.reply(script);
        const run = await askThrough(module.url, failOpen);
        assert.equal(run.exchange.error?.code, 'guard_contract_violation');
        assert.equal(run.exchange.error?.status, 422);
        assert.equal(run.upstreamCalls, 0);
        assert.equal(await run.request('failed_closed'), 1);
      });
    }
  }

  for (const failOpen of [false, true]) {
    it(`treats a 403 refusal as a block, naming its rule (guard_fail_open ${failOpen ? 'on' : 'off'})`, async () => {
      module.reply({ status: 403, body: { rule_id: 'tenant.suspended', severity: 'high' } });
      const run = await askThrough(module.url, failOpen);
      assert.equal(run.exchange.error?.code, 'security_request_blocked');
      assert.equal(run.exchange.error?.status, 403);
      assert.equal(run.exchange.error?.ruleId, 'tenant.suspended');
      assert.equal(run.upstreamCalls, 0);
      assert.equal(await run.request('blocked'), 1);
      assert.equal(run.events[0]?.attributes?.module_status, 403);
    });
  }

  it('a failure on the response scan alone follows guard_fail_open too', async () => {
    module.reply((body) => ((body as { stage: string }).stage === 'response' ? { status: 500 } : { body: { allowed: true } }));
    const closed = await askThrough(module.url, false);
    assert.equal(closed.exchange.error?.code, 'security_guard_unavailable');
    assert.equal(closed.upstreamCalls, 1);
    const open = await askThrough(module.url, true);
    assert.equal(open.exchange.error, undefined);
    assert.equal(await open.request('allowed'), 1);
    assert.equal(await open.response('failed_open'), 1);
  });

  it('a block in the body wins whatever else the reply says', async () => {
    module.reply({ body: { allowed: true, status_code: 403, reason: 'quoted prompt text', vendor_field: [1, 2] } });
    const run = await askThrough(module.url, true);
    assert.equal(run.exchange.error?.code, 'security_request_blocked');
    assert.ok(!JSON.stringify(run.events).includes('quoted prompt text'));
  });
});

describe('security guard plugin: the real module with a wrong key', () => {
  let server: ModuleServer;
  before(async () => {
    server = await startSecurityGuardServer({ listen: '127.0.0.1:0', apiKey: 'right-key', env: {} });
  });
  after(() => server.close());

  for (const failOpen of [false, true]) {
    it(`blocks every request: the module's 401 counts as a block (guard_fail_open ${failOpen ? 'on' : 'off'})`, async () => {
      const run = await askThrough(server.url, failOpen, { apiKey: 'wrong-key' });
      assert.equal(run.exchange.error?.code, 'security_request_blocked');
      assert.equal(run.exchange.error?.status, 403);
      assert.equal(run.upstreamCalls, 0);
      assert.equal(run.events[0]?.outcome, 'blocked');
      assert.equal(run.events[0]?.attributes?.module_status, 401);
    });
  }

  it('with the right key the same request passes', async () => {
    const run = await askThrough(server.url, false, { apiKey: 'right-key' });
    assert.equal(run.exchange.error, undefined);
    assert.equal(run.upstreamCalls, 1);
  });
});
