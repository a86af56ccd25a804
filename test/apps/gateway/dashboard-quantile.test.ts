import assert from 'node:assert/strict';
import { histogramQuantile, mergeBuckets } from '../../../apps/gateway/src/dashboard/histogram-quantile.js';

describe('gateway /dashboard: latency quantiles from histogram buckets', () => {
  const buckets = [
    { le: 0.1, count: 2 },
    { le: 1, count: 4 },
    { le: Infinity, count: 4 },
  ];

  it('has no quantile before the first observation', () => {
    assert.equal(histogramQuantile(0.5, []), null);
    assert.equal(
      histogramQuantile(0.5, [
        { le: 0.1, count: 0 },
        { le: Infinity, count: 0 },
      ]),
      null,
    );
  });

  it('interpolates linearly inside the bucket that holds the rank, from 0 in the first', () => {
    assert.equal(histogramQuantile(0.25, buckets), 0.05);
    assert.equal(histogramQuantile(0.5, buckets), 0.1);
    assert.equal(histogramQuantile(0.75, buckets), 0.55);
  });

  it('answers the largest finite bound for a rank in the +Inf bucket, as PromQL does', () => {
    assert.equal(
      histogramQuantile(0.99, [
        { le: 0.1, count: 1 },
        { le: Infinity, count: 2 },
      ]),
      0.1,
    );
  });

  it('sums the buckets of every label set by bound, whatever their order', () => {
    const merged = mergeBuckets([
      { le: Infinity, count: 3 },
      { le: 0.1, count: 1 },
      { le: 0.1, count: 1 },
      { le: Infinity, count: 1 },
    ]);
    assert.deepEqual(
      merged.sort((a, b) => a.le - b.le),
      [
        { le: 0.1, count: 2 },
        { le: Infinity, count: 4 },
      ],
    );
    assert.equal(histogramQuantile(0.5, merged), 0.1);
  });
});
