import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Metrics } from '@sluice/core';
import {
  LOCAL_EMBEDDER_DEFAULT_DIMS,
  pruneExpiredSemanticEntries,
  semanticHitSimilarity,
  type SemanticEntry,
} from '@sluice/plugin-semantic-cache';
import { HnswVectorStore } from '@sluice/vector-store';
import { pino } from 'pino';
import { semanticKernel, type SemanticUnderTest } from './semantic-under-test.js';

const TTL_SECONDS = 60;
const QUESTION = 'How do I reset my password?';
const PARAPHRASE = 'how do I reset my password';

/** Moves `Date.now` (what expiry is measured by) forward; returns the undo. */
function advanceClock(ms: number): () => void {
  const real = Date.now;
  Date.now = () => real() + ms;
  return () => {
    Date.now = real;
  };
}

/** The payloads persisted in one store directory (the plugin must be stopped). */
async function entriesIn(dir: string): Promise<SemanticEntry[]> {
  const store = await HnswVectorStore.open<SemanticEntry>({
    dims: LOCAL_EMBEDDER_DEFAULT_DIMS,
    metric: 'cosine',
    dataDir: dir,
    durability: 'snapshot',
  });
  try {
    const entries: SemanticEntry[] = [];
    for await (const record of store.iterate()) entries.push(record.payload);
    return entries;
  } finally {
    await store.close();
  }
}

/** The next double above `x`: a candidate at `x` is "just below" it. */
function nextUp(x: number): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  view.setBigUint64(0, view.getBigUint64(0) + (x >= 0 ? 1n : -1n));
  return view.getFloat64(0);
}

describe('semantic-cache: expiry and pruning', () => {
  let dir: string;
  let sut: SemanticUnderTest | undefined;
  let restoreClock: (() => void) | undefined;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sluice-semantic-expiry-'));
  });
  afterEach(async () => {
    restoreClock?.();
    restoreClock = undefined;
    await sut?.close();
    sut = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  it('skips an entry past semantic_cache_ttl_seconds at lookup but leaves it in the store', async () => {
    sut = await semanticKernel({ ttlSeconds: TTL_SECONDS }, 'enforce', dir);
    await sut.ask(QUESTION);
    assert.equal((await sut.ask(PARAPHRASE)).cache.status, 'hit', 'a fresh entry answers');
    restoreClock = advanceClock((TTL_SECONDS + 1) * 1000);
    const late = await sut.ask(PARAPHRASE);
    assert.equal(late.cache.status, 'miss');
    assert.equal(sut.upstreamCalls(), 2);
    await sut.close();
    sut = undefined;
    const entries = await entriesIn(path.join(dir, 'live'));
    const expired = entries.filter((entry) => entry.expires_at <= Date.now());
    assert.deepEqual(
      expired.map((entry) => entry.question),
      [QUESTION],
      'the expired entry is still stored',
    );
    assert.equal(entries.length, 2, 'plus the fresh answer to the paraphrase');
  });

  it('pruneExpired deletes only the expired entries and reports how many', async () => {
    sut = await semanticKernel({ ttlSeconds: TTL_SECONDS }, 'enforce', dir);
    await sut.ask('What is the capital of France?');
    await sut.ask('How many legs does a spider have?');
    assert.equal(await sut.plugin.pruneExpired(), 0, 'nothing has expired yet');
    restoreClock = advanceClock((TTL_SECONDS + 1) * 1000);
    await sut.ask(QUESTION);
    assert.equal(await sut.plugin.pruneExpired(), 2);
    assert.equal(await sut.plugin.pruneExpired(), 0, 'a second prune finds nothing');
    assert.equal((await sut.ask(PARAPHRASE)).cache.status, 'hit', 'the unexpired entry still answers');
    await sut.close();
    sut = undefined;
    assert.deepEqual(
      (await entriesIn(path.join(dir, 'live'))).map((entry) => entry.question),
      [QUESTION],
    );
  });

  it('pruneExpiredSemanticEntries prunes the production and evaluation stores and reports each', async () => {
    const enforce = await semanticKernel({ ttlSeconds: TTL_SECONDS }, 'enforce', dir);
    await enforce.ask('What is the capital of France?');
    await enforce.ask('How many legs does a spider have?');
    await enforce.close();
    const observe = await semanticKernel({ ttlSeconds: TTL_SECONDS }, 'observe', dir);
    await observe.ask(QUESTION);
    await observe.close();

    const context = { logger: pino({ level: 'silent' }), metrics: new Metrics(), serverVersion: '0.0.0' };
    const prune = (now: number) => pruneExpiredSemanticEntries({ store: { dataDir: dir } }, { ...context, now });
    const live = path.join(dir, 'live');
    const evaluation = path.join(dir, 'evaluation');
    assert.deepEqual(await prune(Date.now()), [
      { location: live, removed: 0 },
      { location: evaluation, removed: 0 },
    ]);
    const later = Date.now() + (TTL_SECONDS + 1) * 1000;
    assert.deepEqual(await prune(later), [
      { location: live, removed: 2 },
      { location: evaluation, removed: 1 },
    ]);
    assert.deepEqual(await prune(later), [
      { location: live, removed: 0 },
      { location: evaluation, removed: 0 },
    ]);
    assert.equal((await entriesIn(live)).length, 0);
    assert.equal((await entriesIn(evaluation)).length, 0);
  });

  it('hits a candidate exactly at the threshold and misses one just below it', async () => {
    const first = 'How do I reset my password?';
    const second = 'How can I reset my account password';
    const measure = await semanticKernel({ threshold: 0 }, 'enforce', dir);
    await measure.ask(first);
    const measured = await measure.ask(second);
    await measure.close();
    assert.equal(measured.cache.status, 'hit');
    const similarity = semanticHitSimilarity(measured) ?? Number.NaN;
    assert.ok(similarity > 0.5 && similarity < 0.99, `a pair of moderate similarity, got ${similarity}`);

    sut = await semanticKernel({ threshold: similarity }, 'enforce', dir);
    const at = await sut.ask(second);
    assert.equal(at.cache.status, 'hit', `similarity ${similarity} at threshold ${similarity}`);
    assert.equal(semanticHitSimilarity(at), similarity);
    assert.equal(await sut.counter('gw_semantic_threshold_results_total', { result: 'pass' }), 1);
    await sut.close();

    sut = await semanticKernel({ threshold: nextUp(similarity) }, 'enforce', dir);
    const below = await sut.ask(second);
    assert.equal(below.cache.status, 'miss', `similarity ${similarity} below threshold ${nextUp(similarity)}`);
    assert.equal(await sut.counter('gw_semantic_threshold_results_total', { result: 'fail' }), 1);
  });
});
