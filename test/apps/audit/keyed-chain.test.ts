import assert from 'node:assert/strict';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { AUDIT_DB_FILE, AuditStore, chainHash, chainHasher, ChainKeyError, verifyAuditChain } from '@sluice/audit';
import { batchBody, postBatch, requestEvents, startAudit, UNKEYED, type AuditUnderTest } from './audit-under-test.js';

const CHAIN_KEY = 'c0ffee'.repeat(8);
const OTHER_KEY = 'decade'.repeat(8);
const KEYED = [{ from_sequence: 1, mode: 'hmac-sha256', key_id: chainHasher(CHAIN_KEY).keyId }];

/**
 * What someone with the database file but not the secret can do: change row `from` and recompute the
 * hashes of it and every later row with SHA-256, the unkeyed rule anyone can compute.
 */
function rewriteFrom(dataDir: string, from: number, change: (event: Record<string, unknown>) => void): void {
  const db = new Database(join(dataDir, AUDIT_DB_FILE));
  try {
    const rows = db
      .prepare('SELECT sequence, event_json, prev_hash FROM events WHERE sequence >= ? ORDER BY sequence')
      .all(from) as {
      sequence: number;
      event_json: string;
      prev_hash: string;
    }[];
    let prevHash = rows[0]!.prev_hash;
    const update = db.prepare('UPDATE events SET event_json = ?, prev_hash = ?, hash = ? WHERE sequence = ?');
    for (const row of rows) {
      const event = JSON.parse(row.event_json) as Record<string, unknown>;
      if (row.sequence === from) change(event);
      const hash = chainHash(prevHash, row.sequence, event);
      update.run(JSON.stringify(event), prevHash, hash, row.sequence);
      prevHash = hash;
    }
  } finally {
    db.close();
  }
}

async function filled(chainKey?: string): Promise<AuditUnderTest> {
  const audit = await startAudit(chainKey === undefined ? {} : { chainKey });
  for (let i = 0; i < 2; i += 1) assert.equal((await postBatch(audit.url, batchBody(requestEvents()))).status, 200);
  await audit.server.close();
  return audit;
}

const hideBlock = (event: Record<string, unknown>) => {
  event.outcome = 'completed';
};

describe('audit: the keyed chain', () => {
  const opened: AuditUnderTest[] = [];
  afterEach(async () => {
    for (const audit of opened.splice(0)) await audit.dispose();
  });
  const keep = (audit: AuditUnderTest) => (opened.push(audit), audit);

  it('detects a row rewritten with every later hash recomputed, which the unkeyed chain cannot', async () => {
    const keyed = keep(await filled(CHAIN_KEY));
    assert.deepEqual(verifyAuditChain(keyed.dataDir, { chainKey: CHAIN_KEY }), { ok: true, events: 6, segments: KEYED });
    rewriteFrom(keyed.dataDir, 2, hideBlock);
    assert.deepEqual(verifyAuditChain(keyed.dataDir, { chainKey: CHAIN_KEY }), {
      ok: false,
      firstBadSequence: 2,
      reason: 'hash does not match the stored event',
      segments: KEYED,
    });

    // The same rewrite of an unkeyed chain passes: SHA-256 shows accidents and naive edits only.
    const unkeyed = keep(await filled());
    rewriteFrom(unkeyed.dataDir, 2, hideBlock);
    assert.deepEqual(verifyAuditChain(unkeyed.dataDir), { ok: true, events: 6, segments: UNKEYED });
  });

  it('cannot check a keyed chain without its key, or with another one', async () => {
    const audit = keep(await filled(CHAIN_KEY));
    assert.throws(
      () => verifyAuditChain(audit.dataDir),
      (error) => error instanceof ChainKeyError && /give its chain key/.test(error.message),
    );
    assert.throws(() => verifyAuditChain(audit.dataDir, { chainKey: OTHER_KEY }), ChainKeyError);
  });

  it('fails a chain given a key whose keyed record was rewritten away', async () => {
    const audit = keep(await filled(CHAIN_KEY));
    const db = new Database(join(audit.dataDir, AUDIT_DB_FILE));
    db.prepare("UPDATE chain_modes SET mode = 'sha256', key_id = NULL").run();
    db.close();
    rewriteFrom(audit.dataDir, 1, hideBlock);
    const verdict = verifyAuditChain(audit.dataDir, { chainKey: CHAIN_KEY });
    assert.equal(verdict.ok, false);
    assert.match((verdict as { reason: string }).reason, /records no keyed segment/);
  });

  it('switches an unkeyed store to keyed from its next sequence, records it, and never back or to another key', async () => {
    const audit = keep(await filled());
    const reopened = await startAudit({ dataDir: audit.dataDir, chainKey: CHAIN_KEY });
    assert.deepEqual(reopened.server.chain, { from_sequence: 7, mode: 'hmac-sha256', key_id: KEYED[0]!.key_id });
    assert.equal((await postBatch(reopened.url, batchBody(requestEvents()))).status, 200);
    await reopened.server.close();
    const switched = [UNKEYED[0], { ...KEYED[0]!, from_sequence: 7 }];
    assert.deepEqual(verifyAuditChain(audit.dataDir, { chainKey: CHAIN_KEY }), { ok: true, events: 9, segments: switched });

    await assert.rejects(startAudit({ dataDir: audit.dataDir }), /keyed \(HMAC-SHA256\) from sequence 7/);
    await assert.rejects(startAudit({ dataDir: audit.dataDir, chainKey: OTHER_KEY }), /not the one/);

    rewriteFrom(audit.dataDir, 8, hideBlock);
    assert.equal(verifyAuditChain(audit.dataDir, { chainKey: CHAIN_KEY }).ok, false);
  });

  it('refuses to chain on in its old mode once another process switched the store to keyed', async () => {
    const audit = keep(await filled());
    const unkeyed = AuditStore.open(audit.dataDir);
    const keyed = AuditStore.open(audit.dataDir, { chainKey: CHAIN_KEY });
    try {
      assert.throws(() => unkeyed.append(requestEvents()), /chain mode of the store changed/);
      assert.equal(keyed.append(requestEvents()).accepted, 3);
    } finally {
      unkeyed.close();
      keyed.close();
    }
    assert.equal(verifyAuditChain(audit.dataDir, { chainKey: CHAIN_KEY }).ok, true);
  });

  it('refuses a chain key too short to keep a secret', async () => {
    const audit = keep(await filled());
    await assert.rejects(startAudit({ dataDir: audit.dataDir, chainKey: 'short' }), /at least 32 characters/);
  });
});
