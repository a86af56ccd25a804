import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { AUDIT_DB_FILE } from '@sluice/audit';
import { startChild } from '../../fixtures/child-process.js';
import { SLUICE_BIN } from '../cli/gateway-process.js';
import { API_KEY, batchBody, getJson, postBatch, requestEvents, tempDataDir } from './audit-under-test.js';

const run = promisify(execFile);

/** `sluice audit verify` as a process: its exit code and what it printed. */
async function verify(dataDir: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [SLUICE_BIN, 'audit', 'verify', '--data', dataDir, ...args], {
      timeout: 10_000,
      env: { ...process.env, SVC_AUDIT_CHAIN_KEY: '' },
    });
    return { code: 0, stdout, stderr };
  } catch (failure) {
    const { code, stdout, stderr } = failure as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

describe('audit: the sluice audit command', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await tempDataDir();
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('serves batches until SIGTERM, stops cleanly, and verify reports the chain, then a tampered row', async () => {
    const child = startChild(process.execPath, [SLUICE_BIN, 'audit', '--listen', '127.0.0.1:0', '--data', dataDir], {
      env: { SVC_AUDIT_API_KEY: API_KEY },
    });
    const line = await child.waitForLine(/listening on (http:\/\/\S+)/, 20_000);
    const url = /listening on (http:\/\/\S+)/.exec(line)?.[1] ?? '';

    assert.equal((await postBatch(url, batchBody(requestEvents()))).status, 200);
    assert.equal((await postBatch(url, batchBody(requestEvents()))).status, 200);
    const page = await getJson<{ events: unknown[] }>(`${url}/v1/events`);
    assert.equal(page.body.events.length, 6);
    assert.equal((await postBatch(url, batchBody(requestEvents()), 'Bearer wrong')).status, 401);

    child.signal('SIGTERM');
    assert.deepEqual(await child.exited, { code: 0, signal: null });
    assert.ok(!child.lines.join('\n').includes(API_KEY), 'the key is never printed');

    assert.deepEqual(await verify(dataDir), { code: 0, stdout: 'ok: 6 events\n', stderr: '' });

    const db = new Database(join(dataDir, AUDIT_DB_FILE));
    db.prepare('DELETE FROM events WHERE sequence = 4').run();
    db.close();
    const bad = await verify(dataDir);
    assert.equal(bad.code, 1);
    assert.equal(bad.stdout, 'bad: sequence 4: sequence 4 is missing (the next row is 5)\n');
  });

  it('refuses to serve without a key, and to verify a directory with no audit database', async () => {
    const child = startChild(process.execPath, [SLUICE_BIN, 'audit', '--listen', '127.0.0.1:0', '--data', dataDir], {
      env: { SVC_AUDIT_API_KEY: '' },
    });
    assert.equal((await child.exited).code, 2, 'a usage error');
    assert.match(child.lines.join('\n'), /a write key is required/);

    const missing = await verify(dataDir);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /no audit database/);
  });

  it('keys the chain with --chain-key-file, and verify needs the same file to check it', async () => {
    const keyFile = join(dataDir, 'chain.key');
    await writeFile(keyFile, `${'ab12'.repeat(16)}\n`);
    const child = startChild(
      process.execPath,
      [SLUICE_BIN, 'audit', '--listen', '127.0.0.1:0', '--data', dataDir, '--chain-key-file', keyFile],
      { env: { SVC_AUDIT_API_KEY: API_KEY } },
    );
    const line = await child.waitForLine(/listening on (http:\/\/\S+)/, 20_000);
    assert.match(line, /chain HMAC-SHA256 from sequence 1/);
    const url = /listening on (http:\/\/\S+)/.exec(line)?.[1] ?? '';
    assert.equal((await postBatch(url, batchBody(requestEvents()))).status, 200);
    child.signal('SIGTERM');
    await child.exited;

    assert.deepEqual(await verify(dataDir, '--chain-key-file', keyFile), {
      code: 0,
      stdout: 'ok: 3 events (HMAC-SHA256 keyed from sequence 1)\n',
      stderr: '',
    });
    const without = await verify(dataDir);
    assert.equal(without.code, 2, 'could not check');
    assert.match(without.stderr, /keyed \(HMAC-SHA256\) from sequence 1: give its chain key/);
  });
});
