import assert from 'node:assert/strict';
import { LicenseState } from '@sluice/vector-cache';
import { DAY, T0, licenseFixture, manualClock, type LicenseFixture } from './license-fixture.js';

describe('vector-cache license: reload', () => {
  let fixture: LicenseFixture;

  beforeEach(async () => {
    fixture = await licenseFixture();
  });

  afterEach(() => fixture.remove());

  it('replaces an expired license with a renewed one: writes are allowed again', async () => {
    await fixture.write(fixture.issue({ days: 1, tier: 'pro' }));
    const clock = manualClock(T0);
    const state = LicenseState.fromEnv(fixture.env(), clock.now);
    clock.set(T0 + 2 * DAY);
    assert.equal(state.writeRefusal()?.code, 'LICENSE_EXPIRED');

    await fixture.write(fixture.issue({ days: 365, tier: 'enterprise', maxVectors: 50, now: T0 + 2 * DAY }));
    const result = state.reload();
    assert.deepEqual(result, {
      ok: true,
      status: { valid: true, tier: 'enterprise', org: 'acme', days_until_expiry: 365 },
    });
    assert.equal(state.writeRefusal(), undefined);
    assert.equal(state.maxVectors, 50);
  });

  it('keeps the old state when the new file is broken, and returns the reason', async () => {
    await fixture.write(fixture.issue({ days: 30, maxVectors: 9 }));
    const state = LicenseState.fromEnv(fixture.env(), () => T0);
    const before = state.status();

    await fixture.write('{ not json');
    const broken = state.reload();
    assert.equal(broken.ok, false);
    assert.match(broken.ok ? '' : broken.reason, /^SVC_LICENSE_FILE: malformed license: not JSON/);

    await fixture.write({ ...fixture.issue({ days: 900 }), org: 'other' });
    assert.deepEqual(state.reload(), { ok: false, reason: 'SVC_LICENSE_FILE: bad signature' });

    await fixture.write(fixture.issue({ days: 1, now: T0 - 10 * DAY }));
    assert.deepEqual(state.reload(), { ok: false, reason: 'SVC_LICENSE_FILE: license expired on 2026-02-20 (org acme)' });

    assert.deepEqual(state.status(), before);
    assert.equal(state.maxVectors, 9);
    assert.equal(state.writeRefusal(), undefined);
  });

  it('re-reads the public key too', async () => {
    await fixture.write(fixture.issue());
    const state = LicenseState.fromEnv(fixture.env(), () => T0);
    const { writeFile } = await import('node:fs/promises');
    await writeFile(fixture.pubkeyFile, 'garbage');
    const result = state.reload();
    assert.equal(result.ok, false);
    assert.match(result.ok ? '' : result.reason, /^SVC_LICENSE_PUBKEY_FILE: /);
    assert.equal(state.status().valid, true);
  });
});
