import assert from 'node:assert/strict';
import { startUsageGuardServer } from '@sluice/plugin-usage-guard';
import type { ModuleServer } from '@sluice/guard-kit';
import { TEST_POLICY, writePolicy } from './usage-under-test.js';

async function post(url: string, body: unknown, key?: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${url}/v1/scan`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key === undefined ? {} : { 'x-api-key': key }) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const scan = (content: string, extra: Record<string, unknown> = {}) => ({
  request_id: 'req-9',
  tenant_id: 'globex',
  policy_id: null,
  mode: 'enforce',
  direction: 'request',
  messages: [{ role: 'user', content }],
  model: 'test-model',
  ...extra,
});

describe('usage guard module server', () => {
  let server: ModuleServer;
  let removePolicy: () => Promise<void>;

  before(async () => {
    const { file, remove } = await writePolicy(TEST_POLICY);
    removePolicy = remove;
    server = await startUsageGuardServer({ listen: '127.0.0.1:0', apiKey: 'module-key', policyFile: file });
  });
  after(async () => {
    await server.close();
    await removePolicy();
  });

  it('answers a scan with every field of the contract', async () => {
    const { status, body } = await post(server.url, scan('Can I sue my neighbour?'), 'module-key');
    assert.equal(status, 200);
    for (const field of [
      'request_id',
      'tenant_id',
      'policy_id',
      'policy_version',
      'direction',
      'classification',
      'confidence',
      'category',
      'decision',
      'action',
      'allowed',
      'blocked',
      'status_code',
      'reason',
      'rule_id',
      'findings',
      'warnings',
    ]) {
      assert.ok(field in body, `reply has ${field}`);
    }
    assert.deepEqual(
      [body.request_id, body.tenant_id, body.policy_id, body.policy_version, body.classification, body.blocked],
      ['req-9', 'globex', 'standard', 'test-1', 'legal_advice', false],
    );
  });

  it('answers a block in the body with status 200: the HTTP status is the module’s, the 403 is the decision’s', async () => {
    const { status, body } = await post(server.url, scan('an explosive device'), 'module-key');
    assert.equal(status, 200);
    assert.deepEqual(
      [body.blocked, body.allowed, body.status_code, body.decision, body.rule_id],
      [true, false, 403, 'block', 'category:weapons'],
    );
  });

  it('applies the tenant’s policy and the named one', async () => {
    assert.equal((await post(server.url, scan('hello', { tenant_id: 'acme' }), 'module-key')).body.policy_id, 'strict');
    assert.equal(
      (await post(server.url, scan('hello', { tenant_id: 'acme', policy_id: 'standard' }), 'module-key')).body.policy_id,
      'standard',
    );
  });

  it('refuses a caller without the key, or with another, with 401', async () => {
    assert.equal((await post(server.url, scan('hello'))).status, 401);
    const wrong = await post(server.url, scan('hello'), 'not-the-key');
    assert.equal(wrong.status, 401);
    assert.deepEqual((wrong.body.error as { code: string }).code, 'unauthenticated');
  });

  it('answers 422 to a request outside the contract, naming the field', async () => {
    const noMessages = await post(server.url, { tenant_id: 't', mode: 'enforce' }, 'module-key');
    assert.equal(noMessages.status, 422);
    assert.match((noMessages.body.error as { message: string }).message, /messages|required/);
    const badMode = await post(server.url, scan('hi', { mode: 'block_everything' }), 'module-key');
    assert.deepEqual([badMode.status, (badMode.body.error as { code: string }).code], [422, 'invalid_request']);
    const arrayContent = await post(
      server.url,
      scan('hi', { messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] }),
      'module-key',
    );
    assert.equal(arrayContent.status, 422, 'only string contents are part of the contract');
    assert.equal((await post(server.url, '{not json', 'module-key')).status, 400);
  });

  it('answers 422 unknown_policy to a policy the file does not have', async () => {
    const { status, body } = await post(server.url, scan('hi', { policy_id: 'missing' }), 'module-key');
    assert.deepEqual([status, (body.error as { code: string }).code], [422, 'unknown_policy']);
  });

  it('refuses to start on a bad policy file, with the file’s problems in the error', async () => {
    const { file, remove } = await writePolicy({ policies: { p: { denied_categories: ['nope'] } }, default_policy: 'p' });
    try {
      await assert.rejects(
        startUsageGuardServer({ listen: '127.0.0.1:0', apiKey: 'k', policyFile: file }),
        /usage policy .*: policies\.p\.denied_categories\.0: unknown category "nope"/,
      );
    } finally {
      await remove();
    }
  });

  it('serves the built-in policy when given no file, without a key when given none', async () => {
    const open = await startUsageGuardServer({ listen: '127.0.0.1:0', apiKey: '' });
    try {
      const { status, body } = await post(open.url, scan('a firearm'));
      assert.deepEqual([status, body.policy_version, body.blocked, body.classification], [200, 'builtin-1', false, 'weapons']);
    } finally {
      await open.close();
    }
  });
});
