import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { semanticKernel, type SemanticUnderTest } from './semantic-under-test.js';
import { QUESTIONS, advanceClock, distinctPrompts, documentedBytes, paraphrase, savedEntries } from './saved-entries.js';

const EVICTIONS = 'gw_semantic_evictions_total';

describe("semantic-cache: the in-process store's bound", () => {
  let dir: string;
  let sut: SemanticUnderTest | undefined;
  let restoreClock: (() => void) | undefined;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sluice-semantic-bound-'));
  });
  afterEach(async () => {
    restoreClock?.();
    restoreClock = undefined;
    await sut?.close();
    sut = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  const close = async () => {
    await sut!.close();
    sut = undefined;
  };
  const live = () => path.join(dir, 'live');

  it('semantic_cache_max_entries holds under many distinct prompts, each eviction counted', async () => {
    sut = await semanticKernel({ store: { maxEntries: 20 } }, 'enforce', dir);
    for (const prompt of distinctPrompts(200, 120)) await sut.ask(prompt);
    assert.equal(sut.upstreamCalls(), 200, 'every prompt was new');
    assert.equal(await sut.counter('gw_semantic_store_entries'), 20);
    assert.equal(await sut.counter(EVICTIONS, { reason: 'capacity' }), 180);
    assert.equal(await sut.counter(EVICTIONS, { reason: 'expired' }), 0);
    await close();
    assert.equal((await savedEntries(live())).length, 20);
  });

  it('semantic_cache_max_bytes holds under many distinct prompts, counting the text and the vector of each entry', async () => {
    const maxBytes = 64 * 1024;
    sut = await semanticKernel({ store: { maxBytes } }, 'enforce', dir);
    for (const prompt of distinctPrompts(100, 1000)) await sut.ask(prompt);
    const counted = await sut.counter('gw_semantic_store_bytes');
    const entries = await sut.counter('gw_semantic_store_entries');
    assert.ok(counted <= maxBytes, `${counted} bytes held, bound ${maxBytes}`);
    assert.ok(entries > 5 && entries < 100, `${entries} entries of about 3 kB`);
    assert.equal(await sut.counter(EVICTIONS, { reason: 'capacity' }), 100 - entries);
    await close();
    const saved = await savedEntries(live());
    assert.equal(saved.length, entries);
    assert.equal(
      saved.reduce((sum, entry) => sum + documentedBytes(entry), 0),
      counted,
      'the gauge is what the saved entries hold',
    );
  });

  it('evicts the least recently hit entry, not the least recently stored', async () => {
    const [password, capital, spider] = QUESTIONS;
    sut = await semanticKernel({ store: { maxEntries: 2 } }, 'enforce', dir);
    await sut.ask(password);
    await sut.ask(capital);
    assert.equal((await sut.ask(paraphrase(password))).cache.status, 'hit');
    await sut.ask(spider);
    assert.equal(await sut.counter(EVICTIONS, { reason: 'capacity' }), 1);
    assert.equal((await sut.ask(paraphrase(password))).cache.status, 'hit', 'the entry hit last is kept');
    await close();
    assert.deepEqual((await savedEntries(live())).map((entry) => entry.question).sort(), [password, spider].sort());
  });

  it('evicts expired entries first, even one hit more recently, then the least recently used', async () => {
    const [password, capital, spider, planet] = QUESTIONS;
    sut = await semanticKernel({ ttlSeconds: 60, store: { maxEntries: 2 } }, 'enforce', dir);
    await sut.ask(password); // expires at 60 s
    restoreClock = advanceClock(10_000);
    await sut.ask(capital); // expires at 70 s
    assert.equal((await sut.ask(paraphrase(password))).cache.status, 'hit', 'now the most recently used');
    restoreClock();
    restoreClock = advanceClock(65_000);
    await sut.ask(spider);
    assert.equal(await sut.counter(EVICTIONS, { reason: 'expired' }), 1);
    assert.equal(await sut.counter(EVICTIONS, { reason: 'capacity' }), 0, 'the expired entry went, not the least recently used');
    await sut.ask(planet);
    assert.equal(await sut.counter(EVICTIONS, { reason: 'capacity' }), 1, 'nothing else expired: the least recently used went');
    await close();
    assert.deepEqual((await savedEntries(live())).map((entry) => entry.question).sort(), [spider, planet].sort());
  });

  it('does not store an entry larger than the whole byte bound', async () => {
    sut = await semanticKernel({ store: { maxBytes: 8 * 1024 } }, 'enforce', dir);
    await sut.ask(QUESTIONS[0]);
    const [large] = distinctPrompts(1, 10_000);
    await sut.ask(large!);
    assert.equal(await sut.counter('gw_semantic_store_entries'), 1, 'stored nothing, evicted nothing');
    assert.equal(await sut.counter(EVICTIONS), 0);
    assert.equal((await sut.ask(paraphrase(QUESTIONS[0]))).cache.status, 'hit');
  });

  it('restores the entries and their recency order at start, and applies a bound lower than what is stored', async () => {
    sut = await semanticKernel({ store: { maxEntries: 6 } }, 'enforce', dir);
    for (const question of QUESTIONS.slice(0, 6)) await sut.ask(question);
    assert.equal((await sut.ask(paraphrase(QUESTIONS[0]))).cache.status, 'hit');
    await close();

    sut = await semanticKernel({ store: { maxEntries: 6 } }, 'enforce', dir);
    assert.equal(await sut.counter('gw_semantic_store_entries'), 6, 'every entry restored');
    assert.equal(await sut.counter(EVICTIONS), 0);
    await sut.ask(QUESTIONS[6]);
    assert.equal(await sut.counter('gw_semantic_store_entries'), 6, 'the bound still holds after a restart');
    await close();
    const afterOne = (await savedEntries(live())).map((entry) => entry.question);
    assert.ok(!afterOne.includes(QUESTIONS[1]), 'the oldest entry never hit went first');
    assert.ok(afterOne.includes(QUESTIONS[0]), 'the first entry was hit, so it stays');

    sut = await semanticKernel({ store: { maxEntries: 3 } }, 'enforce', dir);
    assert.equal(await sut.counter('gw_semantic_store_entries'), 3);
    assert.equal(await sut.counter(EVICTIONS, { reason: 'capacity' }), 3, 'evicted at start');
    await close();
    assert.deepEqual(
      (await savedEntries(live())).map((entry) => entry.question).sort(),
      [QUESTIONS[5], QUESTIONS[0], QUESTIONS[6]].sort(),
      'the hit survives a restart: the three used last are kept',
    );
  });

  it('bounds a store saved without a recency file (by an earlier release) by store time', async () => {
    sut = await semanticKernel({}, 'enforce', dir);
    // A second apart each, so store time alone orders them.
    for (const [i, question] of QUESTIONS.slice(0, 5).entries()) {
      restoreClock?.();
      restoreClock = advanceClock(i * 1000);
      await sut.ask(question);
    }
    await close();
    await rm(path.join(live(), 'recency.json'));

    sut = await semanticKernel({ store: { maxEntries: 2 } }, 'enforce', dir);
    assert.equal(await sut.counter('gw_semantic_store_entries'), 2);
    assert.equal(await sut.counter(EVICTIONS, { reason: 'capacity' }), 3);
    await close();
    assert.deepEqual((await savedEntries(live())).map((entry) => entry.question).sort(), [QUESTIONS[3], QUESTIONS[4]].sort());
  });

  it('prunes through the bound: the gauges count what is left', async () => {
    sut = await semanticKernel({ ttlSeconds: 60 }, 'enforce', dir);
    await sut.ask(QUESTIONS[0]);
    await sut.ask(QUESTIONS[1]);
    restoreClock = advanceClock(61_000);
    await sut.ask(QUESTIONS[2]);
    assert.equal(await sut.plugin.pruneExpired(), 2);
    assert.equal(await sut.counter('gw_semantic_store_entries'), 1);
    assert.equal(await sut.counter(EVICTIONS), 0, 'a prune is not an eviction');
  });
});
