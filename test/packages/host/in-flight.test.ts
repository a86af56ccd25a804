import assert from 'node:assert/strict';
import { InFlight } from '@sluice/host';

describe('host: InFlight', () => {
  it('is idle at once with nothing in flight', async () => {
    assert.equal(await new InFlight().idle(0), true);
  });

  it('resolves every waiter when the last request ends, and false for one whose timeout came first', async () => {
    const inFlight = new InFlight();
    inFlight.start();
    inFlight.start();
    assert.equal(inFlight.count, 2);
    const early = inFlight.idle(10);
    const patient = inFlight.idle(5000);
    assert.equal(await early, false);
    inFlight.end();
    inFlight.end();
    assert.equal(await patient, true);
    assert.equal(inFlight.count, 0);
  });
});
