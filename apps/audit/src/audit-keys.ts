/** The keys of the audit module: producers write with one set, readers read with another. */
import { keyDigest, keyMatches } from './http-io.js';

/**
 * Several keys per role allow a rotation overlap: the new key is added, producers or readers are moved
 * one by one, then the old key is removed.
 */
export interface AuditKeys {
  /** Accepted as `Authorization: Bearer` on `POST /v1/events/batch`, and nowhere else. */
  readonly write: readonly string[];
  /** Accepted as `X-API-Key` on the read routes, and nowhere else. */
  readonly read: readonly string[];
}

/** The digests of each role's keys, compared in constant time against what a request presents. */
export interface KeyRing {
  canWrite(presented: string | string[] | undefined): boolean;
  canRead(presented: string | string[] | undefined): boolean;
}

/**
 * @example
 * const ring = keyRing({ write: [process.env.SVC_AUDIT_WRITE_KEY ?? ''], read: [process.env.SVC_AUDIT_READ_KEY ?? ''] });
 * ring.canWrite(bearerToken(req.headers.authorization));
 */
export function keyRing(keys: AuditKeys): KeyRing {
  const write = usable('write', keys.write);
  const read = usable('read', keys.read);
  return { canWrite: (presented) => matchesAny(write, presented), canRead: (presented) => matchesAny(read, presented) };
}

function usable(role: string, keys: readonly string[]): Buffer[] {
  const kept = keys.map((key) => key.trim()).filter((key) => key !== '');
  if (kept.length === 0) throw new Error(`the audit module needs a ${role} key; it never runs open`);
  return kept.map(keyDigest);
}

/** Every key is compared, so the time taken does not tell which one matched or how many there are. */
function matchesAny(digests: readonly Buffer[], presented: string | string[] | undefined): boolean {
  let matched = false;
  for (const digest of digests) matched = keyMatches(digest, presented) || matched;
  return matched;
}
