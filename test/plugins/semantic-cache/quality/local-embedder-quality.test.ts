import assert from 'node:assert/strict';
import { LOCAL_RESTATED_HITS, LocalEmbedder, verifyPair } from '@sluice/plugin-semantic-cache';
import { loadPairs, quality, scorePairs, type LabelledPair, type Quality, type ScoredPair } from './hit-quality.js';

/** `semantic_similarity_threshold` default (CONTRACTS.md). */
const DEFAULT_THRESHOLD = 0.92;
const THRESHOLDS = [0.85, 0.9, DEFAULT_THRESHOLD, 0.95];

const percent = (x: number) => `${(100 * x).toFixed(1)}%`;
const row = (q: Quality, alone: Quality) =>
  `  ${q.threshold.toFixed(2)}  precision ${percent(q.precision).padStart(6)}  recall ${percent(q.recall).padStart(6)}` +
  `  (similarity alone: precision ${percent(alone.precision).padStart(6)}, recall ${percent(alone.recall).padStart(6)})`;
const show = (p: ScoredPair) =>
  `    ${p.similarity.toFixed(3)} ${(p.refused ?? 'verified').padEnd(9)} [${p.kind}] "${p.a}" / "${p.b}"`;

describe('semantic-cache quality: local embedder + verification on the labelled pairs', () => {
  const pairs = loadPairs();
  let scored: ScoredPair[];
  before(async () => {
    scored = await scorePairs(pairs, new LocalEmbedder(), verifyPair, { restatedHits: LOCAL_RESTATED_HITS });
  });

  it('has at least 200 well-formed pairs, roughly half paraphrases, over several domains', () => {
    assert.ok(pairs.length >= 200, `${pairs.length} pairs`);
    const same = pairs.filter((p) => p.same).length;
    assert.ok(same / pairs.length > 0.4 && same / pairs.length < 0.6, `${same} of ${pairs.length} are paraphrases`);
    assert.ok(new Set(pairs.map((p) => p.domain)).size >= 8);
    const keys = new Set<string>();
    for (const p of pairs as LabelledPair[]) {
      assert.ok(p.a.trim() !== '' && p.b.trim() !== '' && p.a !== p.b, JSON.stringify(p));
      assert.equal(typeof p.same, 'boolean');
      assert.ok(p.kind !== '' && (p.split === 'tuning' || p.split === 'holdout'), JSON.stringify(p));
      const key = `${p.a}\n${p.b}`;
      assert.ok(!keys.has(key), `duplicate pair ${JSON.stringify(p)}`);
      keys.add(key);
    }
  });

  it(`reaches precision ≥ 0.98 at the default threshold ${DEFAULT_THRESHOLD}, and prints the trade-off`, () => {
    const lines = [
      '',
      `  ${pairs.length} pairs, ${pairs.filter((p) => p.same).length} paraphrases; hit = similarity ≥ threshold and verified`,
    ];
    for (const threshold of THRESHOLDS) lines.push(row(quality(scored, threshold), quality(scored, threshold, false)));
    for (const split of ['tuning', 'holdout'] as const) {
      const q = quality(
        scored.filter((p) => p.split === split),
        DEFAULT_THRESHOLD,
      );
      lines.push(`  ${split} pairs only at ${DEFAULT_THRESHOLD}: precision ${percent(q.precision)}, recall ${percent(q.recall)}`);
    }
    for (const threshold of THRESHOLDS) {
      const { wrongHits } = quality(scored, threshold);
      lines.push(`  wrong hits at ${threshold.toFixed(2)} (${wrongHits.length}):`, ...wrongHits.map(show));
    }
    const atDefault = quality(scored, DEFAULT_THRESHOLD);
    lines.push(`  paraphrases missed at ${DEFAULT_THRESHOLD} (${atDefault.misses.length}):`, ...atDefault.misses.map(show));
    console.log(lines.join('\n'));
    assert.ok(atDefault.precision >= 0.98, `precision ${atDefault.precision} at ${DEFAULT_THRESHOLD}`);
    assert.ok(atDefault.recall >= 0.5, `recall ${atDefault.recall} at ${DEFAULT_THRESHOLD}`);
  });

  it('the verification refuses wrong hits the similarity lets through, at almost no cost in right hits', () => {
    const verified = quality(scored, DEFAULT_THRESHOLD);
    const alone = quality(scored, DEFAULT_THRESHOLD, false);
    assert.ok(alone.wrongHits.length > verified.wrongHits.length, `${alone.wrongHits.length} vs ${verified.wrongHits.length}`);
    const rightLost = alone.hits - alone.wrongHits.length - (verified.hits - verified.wrongHits.length);
    assert.ok(rightLost <= 0.02 * pairs.filter((p) => p.same).length, `${rightLost} right hits refused`);
  });
});
