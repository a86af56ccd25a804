/**
 * The two audit stores behind one test handle, so a behaviour is written once and checked on both: the
 * SQLite file of a temp directory and a PostgreSQL database of the test's own.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import {
  AUDIT_DB_FILE,
  openEventStore,
  verifyAuditChain,
  verifyPostgresChain,
  type ChainVerdict,
  type EventStore,
} from '@sluice/audit';
import { tempDataDir } from './audit-under-test.js';

export interface StoreBackend {
  readonly name: 'SQLite' | 'PostgreSQL';
  /** The data directory or the database URL: what `--data` or `--store` would be given. */
  readonly location: string;
  open(chainKey?: string): Promise<EventStore>;
  verify(chainKey?: string): Promise<ChainVerdict>;
  /** Runs one statement on the store's database directly, as someone with access to it would. */
  tamper(sql: string): Promise<void>;
  dispose(): Promise<void>;
}

const withKey = (chainKey: string | undefined) => (chainKey === undefined ? {} : { chainKey });

/** A new SQLite store in a temp directory. */
export async function sqliteBackend(): Promise<StoreBackend> {
  const dir = await tempDataDir();
  return {
    name: 'SQLite',
    location: dir,
    open: (chainKey) => openEventStore(dir, withKey(chainKey)),
    verify: async (chainKey) => verifyAuditChain(dir, withKey(chainKey)),
    tamper: async (sql) => {
      const db = new Database(join(dir, AUDIT_DB_FILE));
      try {
        db.exec(sql);
      } finally {
        db.close();
      }
    },
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}

/** A PostgreSQL store in `url`, a database the caller created and drops. */
export function postgresBackend(url: string, run: (url: string, sql: string) => Promise<unknown>): StoreBackend {
  return {
    name: 'PostgreSQL',
    location: url,
    open: (chainKey) => openEventStore(url, withKey(chainKey)),
    verify: (chainKey) => verifyPostgresChain(url, withKey(chainKey)),
    tamper: async (sql) => void (await run(url, sql)),
    dispose: async () => undefined,
  };
}
