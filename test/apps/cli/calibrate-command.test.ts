import assert from 'node:assert/strict';
import { calibrationReport } from '@sluice/plugin-semantic-cache';
import { calibrationBuckets, renderCalibrationReport } from '../../../apps/cli/src/calibration-report.js';
import { sluiceInProcess } from './run-sluice.js';

const METRICS = `
# HELP gw_evaluation_semantic_calibration_total Observe mode: …
# TYPE gw_evaluation_semantic_calibration_total counter
gw_evaluation_semantic_calibration_total{similarity="0.86",answer="differ"} 3
gw_evaluation_semantic_calibration_total{similarity="0.86",answer="agree"} 7
gw_evaluation_semantic_calibration_total{answer="agree",similarity="0.90"} 40
gw_evaluation_semantic_calibration_total{similarity="0.90",answer="differ"} 1
gw_evaluation_semantic_calibration_total{similarity="0.95",answer="agree"} 50
gw_evaluation_semantic_calibration_total{similarity="0.97",answer="differ"} 1
gw_evaluation_semantic_calibration_total{similarity="0.99",answer="agree"} 9
gw_evaluation_semantic_answer_similarity_count 99
`;

describe('sluice calibrate: the threshold reaching a precision on observed traffic', () => {
  it('reads the calibration buckets, whatever the label order, and nothing else', () => {
    assert.deepEqual(calibrationBuckets(METRICS), [
      { similarity: 0.86, agree: 7, differ: 3 },
      { similarity: 0.9, agree: 40, differ: 1 },
      { similarity: 0.95, agree: 50, differ: 0 },
      { similarity: 0.97, agree: 0, differ: 1 },
      { similarity: 0.99, agree: 9, differ: 0 },
    ]);
    assert.deepEqual(calibrationBuckets('gw_cache_semantic_hits 3\n'), []);
  });

  it('each threshold counts what it and every bucket above it would have served', () => {
    const { rows } = calibrationReport(calibrationBuckets(METRICS), 0.98);
    assert.deepEqual(
      rows.map((row) => [row.threshold, row.wouldHits, row.agreed]),
      [
        [0.86, 111, 106],
        [0.9, 101, 99],
        [0.95, 60, 59],
        [0.97, 10, 9],
        [0.99, 9, 9],
      ],
    );
  });

  it('names the lowest threshold reaching the precision, and the one from which every higher threshold does too', () => {
    const buckets = calibrationBuckets(METRICS);
    const report = calibrationReport(buckets, 0.98);
    assert.equal(report.lowest?.threshold, 0.9, '0.90: 99/101');
    assert.equal(report.heldFrom?.threshold, 0.99, '0.97 alone is 9/10');
    const lines = renderCalibrationReport(report, 0.98);
    assert.match(lines.join('\n'), /lowest threshold reaching precision 0\.980: 0\.90 \(101 would-hits, precision 0\.980\)/);
    assert.match(lines.join('\n'), /every threshold from 0\.99 up reaches it \(9 would-hits\)/);
    assert.equal(calibrationReport(buckets, 0.9).heldFrom?.threshold, 0.86);
    const unreached = calibrationReport([{ similarity: 0.99, agree: 1, differ: 1 }], 0.98);
    assert.equal(unreached.lowest, undefined);
    assert.match(renderCalibrationReport(unreached, 0.98).at(-1)!, /no threshold from 0\.99 up reaches precision 0\.980/);
  });

  it('says what to do when there is nothing to report yet', () => {
    const lines = renderCalibrationReport(calibrationReport([], 0.98), 0.98);
    assert.match(lines.join('\n'), /no calibration samples yet .*gw_enforcement_mode observe/);
  });

  it('has a help text, and asks for --metrics-url', async () => {
    const help = await sluiceInProcess('help', 'calibrate');
    assert.equal(help.code, 0);
    assert.match(help.out, /^usage: sluice calibrate --metrics-url URL \[--precision P\]$/m);
    assert.match(help.out, /^docs: docs\/cli\.md/m);
    const top = await sluiceInProcess('--help');
    assert.match(top.out, /^ {2}calibrate +observe mode/m);
    const missing = await sluiceInProcess('calibrate');
    assert.equal(missing.code, 2);
    assert.match(missing.err, /--metrics-url is required/);
  });
});
