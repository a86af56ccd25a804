import assert from 'node:assert/strict';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { rm } from 'node:fs/promises';
import { AUDIT_DB_FILE, chainHash, verifyAuditChain } from '@sluice/audit';
import {
  batchBody,
  postBatch,
  requestEvents,
  startAudit,
  tempDataDir,
  UNKEYED,
  type AuditUnderTest,
} from './audit-under-test.js';

/** Opens the audit file directly, as someone with write access to the disk would, and changes it. */
function tamper(dataDir: string, change: (db: Database.Database) => void): void {
  const db = new Database(join(dataDir, AUDIT_DB_FILE));
  try {
    change(db);
  } finally {
    db.close();
  }
}

describe('audit: verifying the hash chain', () => {
  let audit: AuditUnderTest;
  beforeEach(async () => {
    audit = await startAudit();
    // Six events in two batches: the chain runs across a batch boundary.
    await postBatch(audit.url, batchBody(requestEvents()));
    await postBatch(audit.url, batchBody(requestEvents()));
    await audit.server.close();
  });
  afterEach(() => audit.dispose());

  it('passes an untouched chain and counts its events', () => {
    assert.deepEqual(verifyAuditChain(audit.dataDir), { ok: true, events: 6, segments: UNKEYED });
  });

  it('names an edited row', () => {
    tamper(audit.dataDir, (db) =>
      db
        .prepare(
          'UPDATE events SET event_json = replace(event_json, \'"outcome":"miss"\', \'"outcome":"hit"\') WHERE sequence = 5',
        )
        .run(),
    );
    const verdict = verifyAuditChain(audit.dataDir);
    assert.deepEqual(verdict, {
      ok: false,
      firstBadSequence: 5,
      reason: 'hash does not match the stored event',
      segments: UNKEYED,
    });
  });

  it('names the next row when an edited row was given a hash that matches its new content', () => {
    tamper(audit.dataDir, (db) => {
      const row = db.prepare('SELECT event_json, prev_hash FROM events WHERE sequence = 2').get() as {
        event_json: string;
        prev_hash: string;
      };
      const event = { ...(JSON.parse(row.event_json) as Record<string, unknown>), outcome: 'hit' };
      db.prepare('UPDATE events SET event_json = ?, hash = ? WHERE sequence = 2').run(
        JSON.stringify(event),
        chainHash(row.prev_hash, 2, event),
      );
    });
    const verdict = verifyAuditChain(audit.dataDir);
    assert.deepEqual(verdict, {
      ok: false,
      firstBadSequence: 3,
      reason: 'prev_hash is not the hash of the previous row',
      segments: UNKEYED,
    });
  });

  it('names a deleted row by the sequence that is missing', () => {
    tamper(audit.dataDir, (db) => db.prepare('DELETE FROM events WHERE sequence = 3').run());
    const verdict = verifyAuditChain(audit.dataDir);
    assert.deepEqual(verdict, {
      ok: false,
      firstBadSequence: 3,
      reason: 'sequence 3 is missing (the next row is 4)',
      segments: UNKEYED,
    });
  });

  it('names two swapped rows at the first of them', () => {
    tamper(audit.dataDir, (db) =>
      db.transaction(() => {
        db.prepare('UPDATE events SET sequence = 100 WHERE sequence = 2').run();
        db.prepare('UPDATE events SET sequence = 2 WHERE sequence = 4').run();
        db.prepare('UPDATE events SET sequence = 4 WHERE sequence = 100').run();
      })(),
    );
    const verdict = verifyAuditChain(audit.dataDir);
    assert.deepEqual(verdict, {
      ok: false,
      firstBadSequence: 2,
      reason: 'prev_hash is not the hash of the previous row',
      segments: UNKEYED,
    });
  });

  it('names a row whose trace_id column was moved to another trace', () => {
    tamper(audit.dataDir, (db) => db.prepare("UPDATE events SET trace_id = 'elsewhere' WHERE sequence = 6").run());
    const verdict = verifyAuditChain(audit.dataDir);
    assert.equal(verdict.ok, false);
    assert.equal((verdict as { firstBadSequence: number }).firstBadSequence, 6);
  });

  it('refuses a directory without an audit database rather than calling it valid', async () => {
    assert.throws(() => verifyAuditChain(join(audit.dataDir, 'missing')), /no audit database/);
    const empty = await tempDataDir();
    try {
      assert.throws(() => verifyAuditChain(empty), /no audit database/);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});
