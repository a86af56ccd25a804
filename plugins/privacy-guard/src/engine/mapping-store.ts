/**
 * Where anonymisation mappings live between the scan and the restore of one request: mapping id →
 * {placeholder → value}, for a limited time. In memory by default (Keyv over a Map, swept for expired
 * entries), or in Redis (redis-mapping-store.ts) when several gateways share one module.
 */
import { Keyv } from 'keyv';

export interface MappingRecord {
  /** The tenant whose request was scanned: a mapping is restored only for the same tenant. */
  readonly tenant_id: string;
  /** Placeholder → original value. */
  readonly values: Readonly<Record<string, string>>;
}

export interface MappingStore {
  put(id: string, record: MappingRecord, ttlMs: number): Promise<void>;
  /** The record, or undefined when it is unknown or expired. */
  get(id: string): Promise<MappingRecord | undefined>;
  /** Whether the backend answers now, and why not. */
  state(): { up: boolean; reason?: string };
  close(): Promise<void>;
}

/** The longest an expired mapping stays in memory before a sweep deletes it. */
const SWEEP_EVERY_MS = 60_000;

/**
 * @example
 * const store = memoryMappingStore();
 * await store.put('m1', { tenant_id: 't', values: { '[EMAIL_1]': 'a@x.org' } }, 3_600_000);
 */
export function memoryMappingStore(): MappingStore {
  const keyv = new Keyv<MappingRecord>({ store: new Map(), namespace: 'privacy' });
  // Keyv drops an expired entry only when it is read; a mapping whose answer needed no restore is
  // never read again, so a sweep (Keyv's iterator deletes what has expired) bounds what memory holds.
  const sweep = setInterval(() => void drain(keyv), SWEEP_EVERY_MS).unref();
  return {
    put: async (id, record, ttlMs) => {
      await keyv.set(id, record, ttlMs);
    },
    get: (id) => keyv.get(id),
    state: () => ({ up: true }),
    close: async () => {
      clearInterval(sweep);
      await keyv.clear();
    },
  };
}

async function drain(keyv: Keyv<MappingRecord>): Promise<void> {
  if (keyv.iterator === undefined) return;
  for await (const _entry of keyv.iterator(undefined)) {
    // Iterating is what deletes the expired entries.
  }
}
