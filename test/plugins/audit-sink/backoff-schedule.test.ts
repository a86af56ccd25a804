import assert from 'node:assert/strict';
import { backoffDelayMs } from '@sluice/plugin-audit-sink';

describe('audit sink: retry backoff doubles from the first wait up to the cap', () => {
  it('follows 250, 500, 1000 … and stays at the cap', () => {
    const policy = { initialMs: 250, maxMs: 10000 };
    const waits = [1, 2, 3, 4, 5, 6, 7, 8].map((attempt) => backoffDelayMs(attempt, policy));
    assert.deepEqual(waits, [250, 500, 1000, 2000, 4000, 8000, 10000, 10000]);
  });

  it('never overflows past the cap however many attempts', () => {
    assert.equal(backoffDelayMs(5000, { initialMs: 250, maxMs: 10000 }), 10000);
  });

  it('a zero first wait retries at once', () => {
    assert.equal(backoffDelayMs(3, { initialMs: 0, maxMs: 100 }), 0);
  });
});
