import assert from 'node:assert/strict';
import { budgetWindow, minuteWindow, retryAfterSeconds } from '../../../plugins/client-limits/src/windows.js';

describe('client limits: windows', () => {
  it('a minute window ends at the next whole minute, and its id changes exactly there', () => {
    const last = Date.UTC(2026, 10, 26, 12, 0, 59, 999);
    assert.equal(minuteWindow(last).resetMs, 1);
    assert.notEqual(minuteWindow(last).id, minuteWindow(last + 1).id);
    assert.equal(minuteWindow(last + 1).resetMs, 60_000);
    assert.equal(minuteWindow(last - 59_999).id, minuteWindow(last).id);
  });

  it('a day budget renews at midnight UTC, and a month budget on the first of the next month', () => {
    const lateNight = Date.UTC(2026, 10, 30, 23, 0, 0);
    assert.deepEqual(budgetWindow(lateNight, 'day'), { id: '2026-11-30', resetMs: 3_600_000 });
    assert.deepEqual(budgetWindow(lateNight, 'month'), { id: '2026-11', resetMs: 3_600_000 });
    const midnight = Date.UTC(2026, 11, 1);
    assert.deepEqual(budgetWindow(midnight, 'day'), { id: '2026-12-01', resetMs: 86_400_000 });
    assert.equal(budgetWindow(midnight, 'month').id, '2026-12');
  });

  it('the year turns over, and February is as long as the calendar says', () => {
    const newYearsEve = Date.UTC(2026, 11, 31, 23, 59, 59);
    assert.equal(budgetWindow(newYearsEve, 'month').resetMs, 1000);
    assert.equal(budgetWindow(newYearsEve + 1000, 'month').id, '2027-01');
    assert.equal(budgetWindow(Date.UTC(2028, 1, 1), 'month').resetMs, 29 * 86_400_000);
    assert.equal(budgetWindow(Date.UTC(2027, 1, 1), 'month').resetMs, 28 * 86_400_000);
  });

  it('Retry-After is whole seconds, rounded up, never zero', () => {
    assert.equal(retryAfterSeconds(12_001), 13);
    assert.equal(retryAfterSeconds(12_000), 12);
    assert.equal(retryAfterSeconds(1), 1);
    assert.equal(retryAfterSeconds(0), 1);
  });
});
