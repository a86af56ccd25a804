import assert from 'node:assert/strict';
import { LicenseState } from '@sluice/vector-cache';
import { DAY, T0, licenseFixture, manualClock, type LicenseFixture } from './license-fixture.js';

describe('vector-cache license: expiry', () => {
  let fixture: LicenseFixture;

  beforeEach(async () => {
    fixture = await licenseFixture();
  });

  afterEach(() => fixture.remove());

  it('refuses to start with a license that has already expired, naming the date and the org', async () => {
    await fixture.write(fixture.issue({ days: 30, now: Date.parse('2025-12-02T00:00:00Z') }));
    assert.throws(
      () => LicenseState.fromEnv(fixture.env(), () => T0),
      (error: Error) => error.message === 'SVC_LICENSE_FILE: license expired on 2026-01-01 (org acme)',
    );
  });

  it('expiring while running: writes are refused with LICENSE_EXPIRED, status stays readable', async () => {
    await fixture.write(fixture.issue({ days: 1 }));
    const clock = manualClock(T0);
    const state = LicenseState.fromEnv(fixture.env(), clock.now);
    assert.equal(state.writeRefusal(), undefined);
    assert.deepEqual(state.status(), { valid: true, tier: 'pro', org: 'acme', days_until_expiry: 1 });

    clock.set(T0 + DAY);
    const refusal = state.writeRefusal();
    assert.equal(refusal?.code, 'LICENSE_EXPIRED');
    assert.match(refusal.message, /^license expired on 2026-03-02 \(org acme\); writes are refused/);
    assert.deepEqual(state.status(), { valid: false, tier: 'pro', org: 'acme', days_until_expiry: 0 });
    assert.equal(state.daysUntilExpiry(), 0);
  });

  it('reads the clock at every call: a clock set back allows writes again', async () => {
    await fixture.write(fixture.issue({ days: 1 }));
    const clock = manualClock(T0);
    const state = LicenseState.fromEnv(fixture.env(), clock.now);
    clock.set(T0 + 2 * DAY);
    assert.equal(state.writeRefusal()?.code, 'LICENSE_EXPIRED');
    clock.set(T0);
    assert.equal(state.writeRefusal(), undefined);
    assert.equal(state.status().valid, true);
  });
});
