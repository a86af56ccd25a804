import assert from 'node:assert/strict';
import { LicenseState } from '@sluice/vector-cache';
import { DAY, T0, licenseFixture, manualClock, type LicenseFixture } from './license-fixture.js';

const COMMUNITY = { valid: true, tier: 'community', org: '', days_until_expiry: -1 };

describe('vector-cache license: enforcement off', () => {
  let fixture: LicenseFixture;

  beforeEach(async () => {
    fixture = await licenseFixture();
  });

  afterEach(() => fixture.remove());

  it('runs as community without a license file: never expires, nothing refused, no limit', () => {
    for (const env of [{}, { SVC_LICENSE_REQUIRED: '0' }, { SVC_LICENSE_REQUIRED: '', SVC_LICENSE_FILE: '' }]) {
      const state = LicenseState.fromEnv(env, () => T0);
      assert.equal(state.enforced, false);
      assert.deepEqual(state.status(), COMMUNITY);
      assert.equal(state.daysUntilExpiry(), -1);
      assert.equal(state.writeRefusal(), undefined);
      assert.equal(state.maxVectors, undefined);
      assert.equal(state.problem, undefined);
      assert.deepEqual(state.reload(), { ok: true, status: COMMUNITY });
    }
  });

  it('reports a valid file as it is, without enforcing its limit', async () => {
    await fixture.write(fixture.issue({ days: 10, maxVectors: 5 }));
    const state = LicenseState.fromEnv(fixture.env({ SVC_LICENSE_REQUIRED: '0' }), () => T0);
    assert.deepEqual(state.status(), { valid: true, tier: 'pro', org: 'acme', days_until_expiry: 10 });
    assert.equal(state.maxVectors, undefined);
  });

  it('reports an expired file as invalid but refuses nothing', async () => {
    await fixture.write(fixture.issue({ days: 1 }));
    const clock = manualClock(T0 + 3 * DAY);
    const state = LicenseState.fromEnv(fixture.env({ SVC_LICENSE_REQUIRED: '0' }), clock.now);
    assert.deepEqual(state.status(), { valid: false, tier: 'pro', org: 'acme', days_until_expiry: 0 });
    assert.equal(state.writeRefusal(), undefined);
  });

  it('reports a file it cannot accept as invalid, keeps running as community and says why', async () => {
    await fixture.write({ ...fixture.issue(), tier: 'enterprise' });
    const state = LicenseState.fromEnv(fixture.env({ SVC_LICENSE_REQUIRED: '0' }), () => T0);
    assert.deepEqual(state.status(), { ...COMMUNITY, valid: false });
    assert.equal(state.problem, 'SVC_LICENSE_FILE: bad signature');
    assert.equal(state.writeRefusal(), undefined);
    assert.equal(state.license, undefined);
  });
});
