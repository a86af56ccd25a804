import assert from 'node:assert/strict';
import { formatDuration, formatProgress, Progress, progressWanted } from '@sluice/util';

/** A stream that records what is written, and a clock the test moves. */
function harness(isTTY: boolean) {
  const written: string[] = [];
  let now = 0;
  return {
    written,
    stream: { write: (text: string) => written.push(text), isTTY },
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('Progress', () => {
  it('formats a share, the count, the time elapsed and the time left', () => {
    assert.equal(
      formatProgress({ label: 'building 100,000 entries', done: 40_000, total: 100_000, elapsedMs: 12_000 }),
      'building 100,000 entries: 40% (40,000) 12 s elapsed, ~18 s left',
    );
    assert.equal(
      formatProgress({ label: 'pruning', done: 5, elapsedMs: 2100, detail: '5 scanned, 2 removed' }),
      'pruning: 5 scanned, 2 removed, 2.1 s elapsed',
    );
    assert.equal(formatDuration(95_000), '1 min 35 s');
  });

  it('writes whole lines off a terminal, at most once per interval', () => {
    const h = harness(false);
    const progress = new Progress({ label: 'building', total: 10, stream: h.stream, enabled: true, now: h.now });
    progress.count(1);
    h.advance(500);
    progress.count(2);
    assert.deepEqual(h.written, [], 'nothing before the first second');
    h.advance(600);
    progress.count(3);
    progress.count(4);
    h.advance(1000);
    progress.count(5);
    assert.deepEqual(h.written, [
      'building: 30% (3) 1.1 s elapsed, ~2.6 s left\n',
      'building: 50% (5) 2.1 s elapsed, ~2.1 s left\n',
    ]);
    progress.step('saving');
    assert.equal(h.written.at(-1), 'building: saving\n', 'a step is shown at once');
    progress.end();
    assert.equal(h.written.length, 3, 'nothing to clear off a terminal');
  });

  it('rewrites one line on a terminal and clears it at the end', () => {
    const h = harness(true);
    const progress = new Progress({ label: 'pruning', stream: h.stream, now: h.now });
    assert.equal(progress.enabled, true, 'on by default on a terminal');
    h.advance(1000);
    progress.count(7);
    progress.end();
    assert.deepEqual(h.written, ['\r\x1b[2Kpruning: 7, 1.0 s elapsed', '\r\x1b[2K']);
  });

  it('is silent off a terminal unless asked', () => {
    const h = harness(false);
    const progress = new Progress({ label: 'pruning', stream: h.stream, now: h.now });
    h.advance(5000);
    progress.count(7);
    progress.step('saving');
    progress.end();
    assert.deepEqual(h.written, []);
    assert.equal(progressWanted(undefined, h.stream), false);
    assert.equal(progressWanted(true, h.stream), true);
    assert.equal(progressWanted(undefined, { write: () => true, isTTY: true }), true);
  });
});
