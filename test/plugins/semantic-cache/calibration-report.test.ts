import assert from 'node:assert/strict';
import { calibrationReport } from '@sluice/plugin-semantic-cache';

describe('semantic cache: the calibration report from observed buckets', () => {
  // Out of order on purpose: the counter's series come in the order they were first seen.
  const buckets = [
    { similarity: 0.97, agree: 20, differ: 0 },
    { similarity: 0.88, agree: 8, differ: 4 },
    { similarity: 0.93, agree: 30, differ: 1 },
  ];

  it('sums each bucket with every bucket above it, lowest threshold first', () => {
    assert.deepEqual(
      calibrationReport(buckets, 0.98).rows.map((row) => [row.threshold, row.wouldHits, row.agreed]),
      [
        [0.88, 63, 58],
        [0.93, 51, 50],
        [0.97, 20, 20],
      ],
    );
  });

  it('names the lowest threshold reaching the precision and the one it holds from', () => {
    const report = calibrationReport(buckets, 0.98);
    assert.equal(report.lowest?.threshold, 0.93, '50 of 51');
    assert.equal(report.heldFrom?.threshold, 0.93);
    assert.equal(calibrationReport(buckets, 0.99).lowest?.threshold, 0.97);
    assert.equal(calibrationReport(buckets, 0.9).lowest?.threshold, 0.88);
  });

  it('names none before any traffic, or when no threshold reaches the precision', () => {
    assert.deepEqual(calibrationReport([], 0.98), { rows: [], lowest: undefined, heldFrom: undefined });
    assert.equal(calibrationReport([{ similarity: 0.95, agree: 1, differ: 1 }], 0.98).lowest, undefined);
  });
});
