import assert from 'node:assert/strict';
import { startUsageGuardServer } from '@sluice/plugin-usage-guard';
import { freePort } from '../../fixtures/free-port.js';
import { answering, misbehavingModule, type MisbehavingModule } from './misbehaving-module.js';
import { usageKernel } from './usage-under-test.js';

/** Runs one request through a kernel whose usage guard calls `url`; returns what happened. */
async function through(url: string, failOpen: boolean, extra: { apiKey?: string; timeoutSeconds?: number } = {}) {
  const guard = await usageKernel({
    url,
    failOpen,
    apiKey: extra.apiKey ?? 'module-key',
    timeoutSeconds: extra.timeoutSeconds ?? 2,
  });
  try {
    const exchange = await guard.ask('hello');
    return {
      code: exchange.error?.code,
      status: exchange.error?.status ?? exchange.response?.status,
      message: exchange.error?.message,
      upstreamCalls: guard.upstreamCalls(),
      failedOpen: await guard.counter('gw_guard_requests_total', { guard: 'usage', outcome: 'failed_open' }),
      failedClosed: await guard.counter('gw_guard_requests_total', { guard: 'usage', outcome: 'failed_closed' }),
      blocks: await guard.counter('gw_usage_blocks_total'),
      event: guard.events.find((e) => e.event_type === 'usage.failed'),
    };
  } finally {
    await guard.close();
  }
}

async function withModule(handler: Parameters<typeof misbehavingModule>[0], test: (module: MisbehavingModule) => Promise<void>) {
  const module = await misbehavingModule(handler);
  try {
    await test(module);
  } finally {
    await module.close();
  }
}

describe('usage guard plugin: module failures', () => {
  it('a module that is down: 502 usage_guard_unavailable, or the request goes on with guard_fail_open', async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    const closed = await through(url, false);
    assert.deepEqual(
      [closed.code, closed.status, closed.upstreamCalls, closed.failedClosed],
      ['usage_guard_unavailable', 502, 0, 1],
    );
    assert.deepEqual(
      [closed.event?.outcome, closed.event?.decision?.action, closed.event?.attributes?.failure],
      ['failed', 'fail_closed', 'unavailable'],
    );
    const open = await through(url, true);
    assert.deepEqual([open.code, open.status, open.upstreamCalls, open.failedOpen], [undefined, 200, 1, 1]);
    assert.deepEqual([open.event?.decision?.action, open.event?.decision?.reason_code], ['fail_open', 'USAGE_GUARD_UNAVAILABLE']);
  });

  it('a module that does not answer in time: 504 usage_guard_timeout, or on with guard_fail_open', async () => {
    await withModule(
      () => undefined,
      async (module) => {
        const closed = await through(module.url, false, { timeoutSeconds: 0.2 });
        assert.deepEqual([closed.code, closed.status, closed.upstreamCalls], ['usage_guard_timeout', 504, 0]);
        assert.equal(closed.event?.attributes?.failure, 'timeout');
        const open = await through(module.url, true, { timeoutSeconds: 0.2 });
        assert.deepEqual([open.code, open.status, open.upstreamCalls, open.failedOpen], [undefined, 200, 1, 1]);
        assert.equal(module.calls(), 2);
      },
    );
  });

  it('a 200 whose body is not an object, or has the wrong shape: 422 guard_contract_violation, even with guard_fail_open', async () => {
    const garbage = [
      '[1, 2, 3]',
      'not json at all',
      { decision: 5 },
      { allowed: 'yes' },
      { findings: 'none', allowed: true },
      {},
      { reason: 'fine' },
    ];
    for (const body of garbage) {
      await withModule(answering(200, body), async (module) => {
        for (const failOpen of [false, true]) {
          const result = await through(module.url, failOpen);
          assert.deepEqual(
            [result.code, result.status, result.upstreamCalls],
            ['guard_contract_violation', 422, 0],
            `${JSON.stringify(body)} failOpen ${failOpen}`,
          );
          assert.equal(result.failedClosed, 1);
        }
      });
    }
  });

  it('a reply to another request is a contract violation', async () => {
    await withModule(answering(200, { request_id: 'someone-else', allowed: true }), async (module) => {
      const result = await through(module.url, true);
      assert.equal(result.code, 'guard_contract_violation');
      assert.match(result.message ?? '', /another request_id/);
    });
  });

  it('a module answering 400 or 422 is a contract violation', async () => {
    for (const status of [400, 422]) {
      await withModule(answering(status, { error: { code: 'invalid_request', message: 'x' } }), async (module) => {
        assert.equal((await through(module.url, true)).code, 'guard_contract_violation');
      });
    }
  });

  it('a wrong key (the real module answers 401): unavailable, never a block', async () => {
    const server = await startUsageGuardServer({ listen: '127.0.0.1:0', apiKey: 'module-key' });
    try {
      const closed = await through(server.url, false, { apiKey: 'wrong-key' });
      assert.deepEqual([closed.code, closed.status, closed.blocks], ['usage_guard_unavailable', 502, 0]);
      assert.match(closed.message ?? '', /usage_guard_api_key/);
      assert.equal(closed.event?.attributes?.failure, 'refused');
      const open = await through(server.url, true, { apiKey: 'wrong-key' });
      assert.deepEqual([open.status, open.upstreamCalls, open.failedOpen], [200, 1, 1]);
    } finally {
      await server.close();
    }
  });

  it('an HTTP 403 from the module is the module refusing us, not a policy block, whatever its body says', async () => {
    await withModule(answering(403, { blocked: true, allowed: false, status_code: 403, decision: 'block' }), async (module) => {
      const closed = await through(module.url, false);
      assert.deepEqual([closed.code, closed.status, closed.blocks], ['usage_guard_unavailable', 502, 0]);
      const open = await through(module.url, true);
      assert.deepEqual([open.code, open.status, open.upstreamCalls, open.blocks], [undefined, 200, 1, 0]);
    });
  });

  it('a 5xx from the module is unavailable; a 504 is a timeout', async () => {
    await withModule(answering(500, { error: { code: 'internal' } }), async (module) => {
      assert.equal((await through(module.url, false)).code, 'usage_guard_unavailable');
    });
    await withModule(answering(504, {}), async (module) => {
      assert.equal((await through(module.url, false)).code, 'usage_guard_timeout');
    });
  });

  it('reads a tolerant reply: unknown fields ignored, nulls as absent, a block in any of its spellings', async () => {
    const spellings = [
      { blocked: true },
      { allowed: false },
      { allowed: true, status_code: 403 },
      { decision: 'BLOCKED' },
      { action: 'escalate' },
    ];
    for (const body of spellings) {
      await withModule(answering(200, { ...body, extra: { nested: 1 }, rule_id: null, policy_id: null }), async (module) => {
        const result = await through(module.url, false);
        assert.deepEqual([result.code, result.blocks], ['usage_request_blocked', 1], JSON.stringify(body));
      });
    }
    await withModule(
      answering(200, { allowed: true, reason: null, findings: [{ kind: 'x' }], future_field: [1] }),
      async (module) => {
        assert.equal((await through(module.url, false)).status, 200);
      },
    );
  });
});
