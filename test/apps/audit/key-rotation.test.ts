import assert from 'node:assert/strict';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startChild, type Child } from '../../fixtures/child-process.js';
import { SLUICE_BIN } from '../cli/gateway-process.js';
import { batchBody, getJson, postBatch, requestEvents, tempDataDir } from './audit-under-test.js';

const WRITE_OLD = 'write-key-old-5d1c';
const WRITE_NEW = 'write-key-new-8e2a';
const READ_KEY = 'read-key-only-3f7b';

describe('audit: separate write and read keys, rotated on SIGHUP (the sluice audit process)', () => {
  let dataDir: string;
  let child: Child | undefined;
  beforeEach(async () => {
    dataDir = await tempDataDir();
    child = undefined;
  });
  afterEach(async () => {
    await child?.kill();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function start(args: string[], env: Record<string, string> = {}): Promise<{ child: Child; url: string }> {
    const started = startChild(process.execPath, [SLUICE_BIN, 'audit', '--listen', '127.0.0.1:0', '--data', dataDir, ...args], {
      env: { SVC_AUDIT_API_KEY: '', SVC_AUDIT_WRITE_KEY: '', SVC_AUDIT_READ_KEY: '', SVC_AUDIT_CHAIN_KEY: '', ...env },
    });
    child = started;
    const line = await started.waitForLine(/listening on (http:\/\/\S+)/, 20_000);
    return { child: started, url: /listening on (http:\/\/\S+)/.exec(line)![1]! };
  }

  const write = async (url: string, key: string) => (await postBatch(url, batchBody(requestEvents()), `Bearer ${key}`)).status;
  const read = async (url: string, key: string) => (await getJson(`${url}/v1/events`, key)).status;

  /** Sends SIGHUP and waits for the `nth` answer to it matching `pattern`. */
  async function reload(process: Child, pattern: RegExp, nth: number): Promise<void> {
    process.signal('SIGHUP');
    for (let poll = 0; poll < 500; poll += 1) {
      if (process.lines.filter((line) => pattern.test(line)).length >= nth) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no "${String(pattern)}" line after SIGHUP`);
  }

  it('keeps the roles apart and moves producers to a new key through an overlap, keeping the keys when a file is bad', async () => {
    const writeFileName = join(dataDir, 'write.keys');
    const readFileName = join(dataDir, 'read.keys');
    await writeFile(writeFileName, `# producers\n${WRITE_OLD}\n`);
    await writeFile(readFileName, `${READ_KEY}\n`);
    const audit = await start(['--write-key-file', writeFileName, '--read-key-file', readFileName]);
    assert.ok(!audit.child.lines.some((line) => line.includes('warning')), 'split keys need no warning');

    assert.equal(await write(audit.url, WRITE_OLD), 200);
    assert.equal(await read(audit.url, READ_KEY), 200);
    assert.equal(await write(audit.url, READ_KEY), 401, 'a read key never writes');
    assert.equal(await read(audit.url, WRITE_OLD), 401, 'a write key never reads');

    await writeFile(writeFileName, `${WRITE_NEW}\n${WRITE_OLD}\n`);
    await reload(audit.child, /keys reloaded \(2 write, 1 read\)/, 1);
    assert.equal(await write(audit.url, WRITE_OLD), 200, 'the old key during the overlap');
    assert.equal(await write(audit.url, WRITE_NEW), 200, 'the new key during the overlap');

    await writeFile(writeFileName, `${WRITE_NEW}\n`);
    await reload(audit.child, /keys reloaded \(1 write, 1 read\)/, 1);
    assert.equal(await write(audit.url, WRITE_OLD), 401, 'the old key is gone');
    assert.equal(await write(audit.url, WRITE_NEW), 200);

    await writeFile(writeFileName, '\n# emptied by mistake\n');
    await reload(audit.child, /keys not reloaded/, 1);
    assert.equal(await write(audit.url, WRITE_NEW), 200, 'a bad file keeps the keys in use');

    audit.child.signal('SIGTERM');
    assert.deepEqual(await audit.child.exited, { code: 0, signal: null });
    const output = audit.child.lines.join('\n');
    for (const key of [WRITE_OLD, WRITE_NEW, READ_KEY]) assert.ok(!output.includes(key), 'no key is ever printed');
  });

  it('still runs with the one key of SVC_AUDIT_API_KEY for both roles, warning that it should be split', async () => {
    const shared = 'shared-audit-key-41aa';
    const audit = await start([], { SVC_AUDIT_API_KEY: shared });
    assert.ok(audit.child.lines.some((line) => /warning: .*one key for writing and reading/.test(line)));
    assert.equal(await write(audit.url, shared), 200);
    assert.equal(await read(audit.url, shared), 200);
  });

  it('takes SVC_AUDIT_WRITE_KEY and SVC_AUDIT_READ_KEY from the environment', async () => {
    const audit = await start([], { SVC_AUDIT_WRITE_KEY: WRITE_NEW, SVC_AUDIT_READ_KEY: READ_KEY });
    assert.equal(await write(audit.url, WRITE_NEW), 200);
    assert.equal(await read(audit.url, READ_KEY), 200);
    assert.equal(await read(audit.url, WRITE_NEW), 401);

    // A producer that does not read per-event results would lose a refused event unseen: the module says so.
    const [good, bad] = requestEvents();
    const reply = await postBatch(audit.url, batchBody([good, { ...bad, prompt: 'x' }]), `Bearer ${WRITE_NEW}`);
    assert.deepEqual(reply.body.rejected, [
      { index: 1, code: 'invalid_event', message: 'Invalid event: event must not have additional properties: prompt.' },
    ]);
    await audit.child.waitForLine(
      /refused 1 event\(s\) of a batch from "test-1"; first: index 1: Invalid event: event must not/,
      5_000,
    );
  });
});
