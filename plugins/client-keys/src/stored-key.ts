/** A client key as the Redis key store keeps it: a JSON record under its hash, read back with a check. */
import Value from 'typebox/value';
import { KeySettingsSchema, type KeySettings } from './options.js';

/**
 * One key in the store: its id, hash, tenant, settings and when it was made. Never the key.
 * @example
 * const record: StoredClientKey = { id: 'billing-app', hash, tenant: 'acme', settings: { cacheShare: false, cacheControls: true }, createdAt: new Date().toISOString() };
 */
export interface StoredClientKey {
  readonly id: string;
  readonly hash: string;
  readonly tenant: string;
  /** The key's settings besides its tenant. */
  readonly settings: Omit<KeySettings, 'tenant'>;
  /** RFC 3339. */
  readonly createdAt: string;
}

/** The record's JSON, as every gateway and `sluice keys` read it. */
export function encodeStoredKey(record: StoredClientKey): string {
  return JSON.stringify({
    id: record.id,
    hash: record.hash,
    tenant: record.tenant,
    settings: record.settings,
    created_at: record.createdAt,
  });
}

/** The record in `text`, or a sentence saying why it is not one (a record written by hand, a newer version). */
export function decodeStoredKey(text: string): StoredClientKey | string {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return 'not JSON';
  }
  if (typeof raw !== 'object' || raw === null) return 'not an object';
  const { id, hash, tenant, settings, created_at: createdAt } = raw as Record<string, unknown>;
  if (typeof id !== 'string' || typeof hash !== 'string' || typeof createdAt !== 'string')
    return 'id, hash or created_at missing';
  const resolved = Value.Default(KeySettingsSchema, { ...(settings as object | undefined), tenant }) as KeySettings;
  if (!Value.Check(KeySettingsSchema, resolved)) {
    const first = [...Value.Errors(KeySettingsSchema, resolved)][0];
    return `settings: ${first?.instancePath ?? ''} ${first?.message ?? 'invalid'}`.trim();
  }
  const { tenant: resolvedTenant, ...rest } = resolved;
  return { id, hash, tenant: resolvedTenant, settings: rest, createdAt };
}
