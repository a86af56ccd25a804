import assert from 'node:assert/strict';
import { answerAgreement, calibrationBucket, CALIBRATION_FLOOR } from '../../../plugins/semantic-cache/src/calibration.js';
import {
  LOCAL_THRESHOLD_DEFAULT,
  NEURAL_THRESHOLD_DEFAULT,
  similarityThreshold,
} from '../../../plugins/semantic-cache/src/threshold-default.js';

describe('semantic cache: calibration buckets and the threshold by embedder', () => {
  it('buckets a question similarity by its lower bound in steps of 0.01, from the floor to 1.00', () => {
    assert.equal(calibrationBucket(0.9372), '0.93');
    assert.equal(calibrationBucket(0.93), '0.93', 'a bound is its own bucket despite binary fractions');
    assert.equal(calibrationBucket(0.81), '0.81');
    assert.equal(calibrationBucket(CALIBRATION_FLOOR), '0.80');
    assert.equal(calibrationBucket(1), '1.00');
    assert.equal(calibrationBucket(1.0000001), '1.00', 'rounding above 1 stays in the last bucket');
    assert.equal(calibrationBucket(0.7999), undefined, 'below the floor: not recorded');
    assert.equal(calibrationBucket(Number.NaN), undefined);
  });

  it('bounds the labels: at most 21 buckets', () => {
    const labels = new Set<string>();
    for (const s of [...Array.from({ length: 1500 }, (_, i) => i / 1500), 1]) {
      const bucket = calibrationBucket(s);
      if (bucket !== undefined) labels.add(bucket);
    }
    assert.equal(labels.size, 21);
  });

  it('an answer agrees at a similarity of 0.90 and above', () => {
    assert.equal(answerAgreement(0.9), 'agree');
    assert.equal(answerAgreement(0.97), 'agree');
    assert.equal(answerAgreement(0.8999), 'differ');
  });

  it('the threshold not written is the embedder’s default; a written one always wins', () => {
    assert.equal(LOCAL_THRESHOLD_DEFAULT, 0.92);
    assert.equal(NEURAL_THRESHOLD_DEFAULT, 0.95);
    assert.equal(similarityThreshold({ embedding: { provider: 'local' } }), 0.92);
    assert.equal(similarityThreshold({ embedding: { provider: 'openai_compatible' } }), 0.95);
    assert.equal(similarityThreshold({ threshold: 0.9, embedding: { provider: 'openai_compatible' } }), 0.9);
    assert.equal(similarityThreshold({ threshold: 0.97, embedding: { provider: 'local' } }), 0.97);
  });
});
