import assert from 'node:assert/strict';
import { LicenseState } from '@sluice/vector-cache';
import { DAY, T0, licenseFixture, manualClock, type LicenseFixture } from './license-fixture.js';

describe('vector-cache license: a valid license', () => {
  let fixture: LicenseFixture;

  beforeEach(async () => {
    fixture = await licenseFixture();
  });

  afterEach(() => fixture.remove());

  it('starts with enforcement on and reports org, tier and whole days left', async () => {
    await fixture.write(fixture.issue({ days: 365 }));
    const clock = manualClock(T0 + DAY / 2);
    const state = LicenseState.fromEnv(fixture.env(), clock.now);
    assert.equal(state.enforced, true);
    assert.deepEqual(state.status(), { valid: true, tier: 'pro', org: 'acme', days_until_expiry: 364 });
    assert.equal(state.daysUntilExpiry(), 364);
    assert.equal(state.writeRefusal(), undefined);
    assert.equal(state.license?.org, 'acme');
  });

  it('counts 0 days on the last day, while still valid', async () => {
    await fixture.write(fixture.issue({ days: 2 }));
    const clock = manualClock(T0 + 2 * DAY - 1);
    const state = LicenseState.fromEnv(fixture.env(), clock.now);
    assert.deepEqual(state.status(), { valid: true, tier: 'pro', org: 'acme', days_until_expiry: 0 });
    assert.equal(state.writeRefusal(), undefined);
  });

  it('exposes max_vectors when the license has one, and undefined when it has none', async () => {
    await fixture.write(fixture.issue({ maxVectors: 1000 }));
    assert.equal(LicenseState.fromEnv(fixture.env(), () => T0).maxVectors, 1000);
    await fixture.write(fixture.issue());
    assert.equal(LicenseState.fromEnv(fixture.env(), () => T0).maxVectors, undefined);
  });

  it('accepts the public key as a raw 32-byte base64 line', async () => {
    const { createPublicKey } = await import('node:crypto');
    const jwk = createPublicKey(fixture.publicKeyPem).export({ format: 'jwk' });
    const raw = Buffer.from(jwk.x ?? '', 'base64url').toString('base64');
    const { writeFile } = await import('node:fs/promises');
    await writeFile(fixture.pubkeyFile, `${raw}\n`);
    await fixture.write(fixture.issue());
    assert.equal(LicenseState.fromEnv(fixture.env(), () => T0).status().valid, true);
  });

  it('names the variable when the public key is missing, unreadable or not Ed25519', async () => {
    const { writeFile } = await import('node:fs/promises');
    await fixture.write(fixture.issue());
    assert.throws(
      () => LicenseState.fromEnv(fixture.env({ SVC_LICENSE_PUBKEY_FILE: '' }), () => T0),
      /^Error: SVC_LICENSE_PUBKEY_FILE: not set/,
    );
    assert.throws(
      () => LicenseState.fromEnv(fixture.env({ SVC_LICENSE_PUBKEY_FILE: `${fixture.dir}/none.pub` }), () => T0),
      /^Error: SVC_LICENSE_PUBKEY_FILE: cannot read .*none\.pub: no such file$/,
    );
    await writeFile(fixture.pubkeyFile, 'not a key\n');
    assert.throws(() => LicenseState.fromEnv(fixture.env(), () => T0), /^Error: SVC_LICENSE_PUBKEY_FILE: expected/);
  });

  it('refuses to start when enforcement is on and no license file is set', () => {
    assert.throws(
      () => LicenseState.fromEnv({ SVC_LICENSE_REQUIRED: '1' }, () => T0),
      /^Error: SVC_LICENSE_FILE: not set, but SVC_LICENSE_REQUIRED=1 needs a license$/,
    );
  });

  it('refuses an enforcement flag it does not understand', () => {
    assert.throws(() => LicenseState.fromEnv({ SVC_LICENSE_REQUIRED: 'maybe' }), /^Error: SVC_LICENSE_REQUIRED: must be 1 or 0/);
  });
});
