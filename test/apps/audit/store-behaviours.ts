/** What every audit store does, whichever engine holds it: run by store-behaviours-*.test.ts on each. */
import assert from 'node:assert/strict';
import { chainHash, chainHasher, GENESIS_HASH, type EventStore } from '@sluice/audit';
import { requestEvents, UNKEYED } from './audit-under-test.js';
import type { StoreBackend } from './store-backends.js';

const CHAIN_KEY = 'c0ffee'.repeat(8);
const OTHER_KEY = 'decade'.repeat(8);

export function storeBehaviours(backendOf: () => Promise<StoreBackend>): void {
  let backend: StoreBackend;
  const open: EventStore[] = [];
  const opened = async (chainKey?: string) => {
    const store = await backend.open(chainKey);
    open.push(store);
    return store;
  };
  beforeEach(async () => {
    backend = await backendOf();
  });
  afterEach(async () => {
    for (const store of open.splice(0)) await store.close();
    await backend.dispose();
  });

  it('numbers batches from 1 without gaps and chains each row to the one before', async () => {
    const store = await opened();
    const [a, b] = [requestEvents(), requestEvents()];
    assert.deepEqual(await store.append(a), { accepted: 3, duplicates: 0, first_sequence: 1, last_sequence: 3 });
    assert.deepEqual(await store.append(b), { accepted: 3, duplicates: 0, first_sequence: 4, last_sequence: 6 });
    const rows = await store.page(0, 100);
    assert.deepEqual(
      rows.map((row) => [row.sequence, row.event_id]),
      [...a, ...b].map((event, i) => [i + 1, event.event_id]),
    );
    assert.equal(rows[0]!.prev_hash, GENESIS_HASH);
    assert.equal(rows[0]!.hash, chainHash(GENESIS_HASH, 1, a[0]!));
    rows.slice(1).forEach((row, i) => assert.equal(row.prev_hash, rows[i]!.hash));
    assert.deepEqual(await backend.verify(), { ok: true, events: 6, segments: UNKEYED });
  });

  it('stores a retried batch once and answers it as duplicates, also within one batch', async () => {
    const store = await opened();
    const [a, b, c] = requestEvents();
    const [d] = requestEvents();
    await store.append([a!, b!]);
    assert.deepEqual(await store.append([a!, b!]), { accepted: 0, duplicates: 2, first_sequence: null, last_sequence: null });
    assert.deepEqual(await store.append([b!, c!, a!, d!, d!]), {
      accepted: 2,
      duplicates: 3,
      first_sequence: 3,
      last_sequence: 4,
    });
    assert.deepEqual(await store.append([]), { accepted: 0, duplicates: 0, first_sequence: null, last_sequence: null });
    assert.deepEqual(
      (await store.page(0, 100)).map((row) => row.event_id),
      [a, b, c, d].map((event) => event!.event_id),
    );
  });

  it('pages after a sequence and reads one trace in order', async () => {
    const store = await opened();
    const first = requestEvents();
    await store.append([...first, ...requestEvents()]);
    assert.deepEqual(
      (await store.page(2, 3)).map((row) => row.sequence),
      [3, 4, 5],
    );
    assert.deepEqual(await store.page(6, 10), []);
    const trace = await store.trace(first[0]!.trace_id);
    assert.deepEqual(
      trace.map((row) => [row.sequence, row.event_id]),
      first.map((event, i) => [i + 1, event.event_id]),
    );
    assert.deepEqual(await store.trace('no-such-trace'), []);
  });

  it('goes on from the stored head after a reopen', async () => {
    await (await opened()).append(requestEvents());
    const again = await opened();
    assert.deepEqual(await again.append(requestEvents()), { accepted: 3, duplicates: 0, first_sequence: 4, last_sequence: 6 });
    assert.deepEqual(await backend.verify(), { ok: true, events: 6, segments: UNKEYED });
  });

  it('switches an unkeyed chain to HMAC from the next sequence and never back or to another key', async () => {
    await (await opened()).append(requestEvents());
    const keyed = await opened(CHAIN_KEY);
    const segment = { from_sequence: 4, mode: 'hmac-sha256', key_id: chainHasher(CHAIN_KEY).keyId };
    assert.deepEqual(keyed.chain, segment);
    await keyed.append(requestEvents());
    assert.deepEqual(await backend.verify(CHAIN_KEY), { ok: true, events: 6, segments: [UNKEYED[0], segment] });
    await assert.rejects(backend.open(), /start it with its chain key/);
    await assert.rejects(backend.open(OTHER_KEY), /not the one this store's chain is keyed with/);
    await assert.rejects(backend.verify(), /give its chain key/);
  });

  it('verify names an edited row, then a deleted one', async () => {
    const store = await opened();
    await store.append([...requestEvents(), ...requestEvents()]);
    await store.close();
    await backend.tamper(
      `UPDATE events SET event_json = replace(event_json, '"outcome":"miss"', '"outcome":"hit"') WHERE sequence = 5`,
    );
    assert.deepEqual(await backend.verify(), {
      ok: false,
      firstBadSequence: 5,
      reason: 'hash does not match the stored event',
      segments: UNKEYED,
    });
    await backend.tamper('DELETE FROM events WHERE sequence = 3');
    assert.deepEqual(await backend.verify(), {
      ok: false,
      firstBadSequence: 3,
      reason: 'sequence 3 is missing (the next row is 4)',
      segments: UNKEYED,
    });
  });
}
