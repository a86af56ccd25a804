import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ModuleServer } from '@sluice/guard-kit';
import { startPrivacyGuardServer } from '@sluice/plugin-privacy-guard';

const KEY = 'module-key';

async function post(server: ModuleServer, route: string, body: unknown, key: string | null = KEY) {
  const response = await fetch(`${server.url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key === null ? {} : { 'x-api-key': key }) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('privacy guard module server over HTTP', () => {
  let server: ModuleServer;
  before(async () => {
    server = await startPrivacyGuardServer({ listen: '127.0.0.1:0', apiKey: KEY });
  });
  after(() => server.close());

  it('scans and restores on the contract', async () => {
    const scan = await post(server, '/v1/scan', {
      request_id: 'trace-1',
      tenant_id: 'acme',
      conversation_id: 'c-1',
      policy_id: 'default',
      mode: 'anonymize',
      messages: [{ role: 'user', content: 'I am ana@example.org from 10.1.2.3' }],
    });
    assert.equal(scan.status, 200);
    assert.deepEqual(
      { ...scan.body, mapping_id: typeof scan.body.mapping_id },
      {
        request_id: 'trace-1',
        tenant_id: 'acme',
        policy_id: 'default',
        decision: 'allow',
        action: 'anonymized',
        modified: true,
        mapping_id: 'string',
        messages: [{ role: 'user', content: 'I am [EMAIL_1] from [IP_1]' }],
        findings: [
          { kind: 'email', count: 1, severity: 'medium' },
          { kind: 'ipv4', count: 1, severity: 'low' },
        ],
        warnings: [],
      },
    );
    const restore = await post(server, '/v1/restore', {
      request_id: 'trace-1',
      tenant_id: 'acme',
      mapping_id: scan.body.mapping_id,
      messages: [{ role: 'assistant', content: 'Hello [EMAIL_1] at [IP_1]' }],
    });
    assert.deepEqual(restore, {
      status: 200,
      body: {
        request_id: 'trace-1',
        tenant_id: 'acme',
        restored: true,
        messages: [{ role: 'assistant', content: 'Hello ana@example.org at 10.1.2.3' }],
        warnings: [],
      },
    });
  });

  it('answers an unknown mapping with restored: false', async () => {
    const restore = await post(server, '/v1/restore', {
      tenant_id: 'acme',
      mapping_id: 'gone',
      messages: [{ content: '[EMAIL_1]' }],
    });
    assert.equal(restore.status, 200);
    assert.equal(restore.body.restored, false);
    assert.deepEqual(restore.body.warnings, ['mapping_not_found']);
  });

  it('refuses a missing or wrong key with 401', async () => {
    const body = { messages: [{ role: 'user', content: 'hi' }] };
    assert.equal((await post(server, '/v1/scan', body, null)).status, 401);
    assert.equal((await post(server, '/v1/scan', body, 'wrong')).status, 401);
  });

  it('refuses a body off the contract with 422 naming the field, never echoing text', async () => {
    const noMessages = await post(server, '/v1/scan', { mode: 'anonymize' });
    assert.equal(noMessages.status, 422);
    assert.match(JSON.stringify(noMessages.body), /invalid_request/);
    const badMode = await post(server, '/v1/scan', { mode: 'shred', messages: [{ role: 'user', content: 'ana@example.org' }] });
    assert.equal(badMode.status, 422);
    assert.match(JSON.stringify(badMode.body), /\/mode/);
    assert.ok(!JSON.stringify(badMode.body).includes('ana@example.org'));
    const partsContent = await post(server, '/v1/scan', { messages: [{ role: 'user', content: [{ type: 'text', text: 'x' }] }] });
    assert.equal(partsContent.status, 422);
    assert.equal((await post(server, '/v1/restore', { messages: [] })).status, 422);
  });

  it('applies a policy file', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sluice-privacy-'));
    const policyFile = path.join(dir, 'policy.json');
    await writeFile(policyFile, JSON.stringify({ policies: { strict: { mode: 'block' } } }));
    const strict = await startPrivacyGuardServer({ listen: '127.0.0.1:0', apiKey: '', policyFile });
    try {
      const scan = await post(
        strict,
        '/v1/scan',
        { policy_id: 'strict', mode: 'anonymize', messages: [{ role: 'user', content: 'ana@example.org' }] },
        null,
      );
      assert.equal(scan.body.decision, 'block');
    } finally {
      await strict.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses to start on a bad policy file', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sluice-privacy-'));
    const policyFile = path.join(dir, 'policy.json');
    await writeFile(policyFile, JSON.stringify({ policies: { strict: { mode: 'shred' } } }));
    try {
      await assert.rejects(
        startPrivacyGuardServer({ listen: '127.0.0.1:0', apiKey: '', policyFile }),
        /policy\.json: invalid privacy policy file: \/policies\/strict\/mode/,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
