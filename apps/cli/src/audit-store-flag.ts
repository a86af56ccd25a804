/** Where `sluice audit` keeps its events: `--data DIR` (SQLite), or `--store URL` / `SVC_AUDIT_STORE` (PostgreSQL). */
import { isPostgresUrl } from '@sluice/audit';
import { maskUrl } from '@sluice/util';
import { UsageError } from './command-error.js';

export type AuditStoreChoice = { readonly dataDir: string } | { readonly store: string };

/**
 * The store the flags and the environment name: a flag wins over `SVC_AUDIT_STORE`; giving both flags is a
 * usage error, as is a `--store` that is not a PostgreSQL URL (a directory goes to `--data`).
 * @example
 * auditStoreOf('sluice audit', { store: 'postgres://audit@db:5432/audit' }, {}); // { store: 'postgres://…' }
 */
export function auditStoreOf(
  command: string,
  flags: { readonly data?: string | undefined; readonly store?: string | undefined },
  env: NodeJS.ProcessEnv,
): AuditStoreChoice {
  if (flags.data !== undefined && flags.store !== undefined) {
    throw new UsageError(command, 'give --data DIR or --store URL, not both');
  }
  if (flags.data !== undefined) return { dataDir: flags.data };
  const store = flags.store ?? (env.SVC_AUDIT_STORE?.trim() || undefined);
  if (store === undefined) {
    throw new UsageError(
      command,
      '--data or --store is required',
      'e.g. --data ./audit or --store postgres://audit@127.0.0.1:5432/audit',
    );
  }
  if (!isPostgresUrl(store)) {
    throw new UsageError(
      command,
      `--store must be a postgres:// URL, not ${JSON.stringify(maskUrl(store))}`,
      'a directory goes to --data',
    );
  }
  return { store };
}

/**
 * The store as it may be printed: the directory, or the URL with its password masked.
 * @example
 * describeAuditStore({ store: 'postgres://audit:pw@db/audit' }); // 'store postgres://audit:***@db/audit'
 */
export function describeAuditStore(choice: AuditStoreChoice): string {
  return 'store' in choice ? `store ${maskUrl(choice.store)}` : `data ${choice.dataDir}`;
}
