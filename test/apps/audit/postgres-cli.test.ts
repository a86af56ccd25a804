import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describePostgres, sqlOn } from '../../fixtures/postgres.js';
import { startChild } from '../../fixtures/child-process.js';
import { SLUICE_BIN } from '../cli/gateway-process.js';
import { API_KEY, batchBody, getJson, postBatch, requestEvents, type StoredEventReply } from './audit-under-test.js';

const run = promisify(execFile);
/** The local server trusts 127.0.0.1, so a password in the URL is accepted and can be checked for masking. */
const SECRET = 'pg-secret-never-printed';

function withPassword(url: string): string {
  const parsed = new URL(url);
  parsed.password = SECRET;
  return parsed.href;
}

async function verify(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [SLUICE_BIN, 'audit', 'verify', ...args], {
      timeout: 10_000,
      env: { ...process.env, SVC_AUDIT_CHAIN_KEY: '', SVC_AUDIT_STORE: '' },
    });
    return { code: 0, stdout, stderr };
  } catch (failure) {
    const { code, stdout, stderr } = failure as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

describePostgres('audit: sluice audit --store postgres://…', (postgres) => {
  it('serves every route from PostgreSQL, masks the password, and verify checks the chain, then a tampered row', async () => {
    const url = withPassword(await postgres.database());
    const child = startChild(process.execPath, [SLUICE_BIN, 'audit', '--listen', '127.0.0.1:0', '--store', url], {
      env: { SVC_AUDIT_API_KEY: API_KEY },
    });
    const line = await child.waitForLine(/listening on (http:\/\/\S+)/, 20_000);
    assert.match(line, /\(store postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:5432\/sluice_audit_\w+; chain SHA-256, unkeyed\)/);
    const base = /listening on (http:\/\/\S+)/.exec(line)![1]!;

    const first = requestEvents();
    assert.deepEqual((await postBatch(base, batchBody(first))).body, {
      accepted: 3,
      duplicates: 0,
      rejected: [],
      first_sequence: 1,
      last_sequence: 3,
    });
    const second = await postBatch(base, batchBody([...requestEvents(), first[0], { event_id: 'not an event' }]));
    assert.equal(second.body.accepted, 3);
    assert.equal(second.body.duplicates, 1);
    assert.equal((second.body.rejected as unknown[]).length, 1);
    assert.equal((await postBatch(base, batchBody(requestEvents()), 'Bearer wrong')).status, 401);

    const page = await getJson<{ events: StoredEventReply[]; next_after_sequence: number }>(`${base}/v1/events?limit=4`);
    assert.deepEqual(
      page.body.events.map((e) => e.sequence),
      [1, 2, 3, 4],
    );
    assert.equal(page.body.next_after_sequence, 4);
    const trace = await getJson<{ events: StoredEventReply[] }>(`${base}/v1/traces/${first[0]!.trace_id}`);
    assert.deepEqual(
      trace.body.events.map((e) => e.event_id),
      first.map((e) => e.event_id),
    );
    assert.equal((await getJson(`${base}/v1/traces/unknown`)).status, 404);
    assert.equal((await getJson(`${base}/v1/traces/a%00b`)).status, 404, 'a NUL PostgreSQL cannot hold: no such trace');
    const exported = await fetch(`${base}/v1/export`, { headers: { 'x-api-key': API_KEY } });
    assert.equal((await exported.text()).trimEnd().split('\n').length, 6);

    child.signal('SIGTERM');
    assert.deepEqual(await child.exited, { code: 0, signal: null });
    assert.ok(!child.lines.join('\n').includes(SECRET), 'the password is never printed');

    assert.deepEqual(await verify('--store', url), { code: 0, stdout: 'ok: 6 events\n', stderr: '' });
    await sqlOn(url, 'DELETE FROM events WHERE sequence = 4');
    const bad = await verify('--store', url);
    assert.equal(bad.code, 1);
    assert.equal(bad.stdout, 'bad: sequence 4: sequence 4 is missing (the next row is 5)\n');
  });

  it('verify exits 2 on a database that holds no audit store, or none at all, never printing the password', async () => {
    const url = withPassword(await postgres.database());
    const empty = await verify('--store', url);
    assert.equal(empty.code, 2);
    assert.match(empty.stderr, /no audit store in the database at postgres:\/\/postgres:\*\*\*@/);
    const missing = new URL(url);
    missing.pathname = '/sluice_audit_never_created';
    const none = await verify('--store', missing.href);
    assert.equal(none.code, 2);
    assert.match(none.stderr, /does not exist/);
    for (const out of [empty, none]) assert.ok(!`${out.stdout}${out.stderr}`.includes(SECRET));

    const both = await verify('--store', url, '--data', '/tmp');
    assert.equal(both.code, 2);
    assert.match(both.stderr, /give --data DIR or --store URL, not both/);
  });
});
