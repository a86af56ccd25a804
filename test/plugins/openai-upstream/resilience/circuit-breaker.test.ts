import assert from 'node:assert/strict';
import { CircuitBreaker, type BreakerState } from '../../../../plugins/openai-upstream/src/circuit-breaker.js';

/** A breaker on a clock the test moves. */
function breakerAt(failures: number) {
  const clock = { now: 1_000 };
  const changes: BreakerState[] = [];
  const breaker = new CircuitBreaker({ failures, openMs: 5_000, now: () => clock.now, onChange: (s) => changes.push(s) });
  return { breaker, clock, changes };
}

const fail = (breaker: CircuitBreaker) => breaker.admit()!.settle('failure');

describe('openai-upstream: circuit breaker', () => {
  it('opens after N consecutive failures, not after N failures with a success between', () => {
    const { breaker, changes } = breakerAt(3);
    fail(breaker);
    fail(breaker);
    breaker.admit()!.settle('success');
    fail(breaker);
    fail(breaker);
    assert.equal(breaker.state, 'closed');
    fail(breaker);
    assert.equal(breaker.state, 'open');
    assert.equal(breaker.admit(), undefined);
    assert.deepEqual(changes, ['open']);
  });

  it('lets one probe through once the open time has passed, and no second one while it runs', () => {
    const { breaker, clock } = breakerAt(1);
    fail(breaker);
    clock.now += 4_999;
    assert.equal(breaker.admit(), undefined);
    assert.equal(breaker.retryInMs, 1);
    clock.now += 1;
    assert.equal(breaker.state, 'half_open');
    const probe = breaker.admit();
    assert.equal(probe?.probe, true);
    assert.equal(breaker.admit(), undefined);
    probe!.settle('success');
    assert.equal(breaker.state, 'closed');
    assert.equal(breaker.admit()?.probe, false);
  });

  it('reopens for the whole open time when the probe fails', () => {
    const { breaker, clock, changes } = breakerAt(2);
    fail(breaker);
    fail(breaker);
    clock.now += 5_000;
    fail(breaker);
    assert.equal(breaker.state, 'open');
    assert.equal(breaker.retryInMs, 5_000);
    assert.deepEqual(changes, ['open', 'half_open', 'open']);
  });

  it('frees the probe when its client left, so the next request probes', () => {
    const { breaker, clock } = breakerAt(1);
    fail(breaker);
    clock.now += 5_000;
    breaker.admit()!.settle('neutral');
    assert.equal(breaker.state, 'half_open');
    assert.equal(breaker.admit()?.probe, true);
  });

  it('counts a pass once however often it is settled, and never opens with 0 failures', () => {
    const { breaker } = breakerAt(2);
    const pass = breaker.admit()!;
    pass.settle('failure');
    pass.settle('failure');
    assert.equal(breaker.state, 'closed');
    const never = breakerAt(0).breaker;
    for (let i = 0; i < 50; i += 1) fail(never);
    assert.equal(never.state, 'closed');
  });
});
