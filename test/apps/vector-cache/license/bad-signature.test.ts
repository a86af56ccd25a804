import assert from 'node:assert/strict';
import { LicenseState, generateLicenseKeyPair, issueLicense } from '@sluice/vector-cache';
import { T0, licenseFixture, type LicenseFixture } from './license-fixture.js';

describe('vector-cache license: bad signature', () => {
  let fixture: LicenseFixture;

  beforeEach(async () => {
    fixture = await licenseFixture();
  });

  afterEach(() => fixture.remove());

  for (const [field, value] of [
    ['tier', 'enterprise'],
    ['org', 'acme-corp'],
    ['expires_at', '2099-01-01T00:00:00Z'],
    ['max_vectors', 999_999],
  ] as const) {
    it(`refuses to start when ${field} is changed after signing`, async () => {
      await fixture.write({ ...fixture.issue({ maxVectors: 10 }), [field]: value });
      assert.throws(
        () => LicenseState.fromEnv(fixture.env(), () => T0),
        (error: Error) => error.message === 'SVC_LICENSE_FILE: bad signature',
      );
    });
  }

  it('refuses a field added after signing and a field removed after signing', async () => {
    await fixture.write({ ...fixture.issue(), max_vectors: 5 });
    assert.throws(() => LicenseState.fromEnv(fixture.env(), () => T0), /bad signature/);
    const { max_vectors: _dropped, ...rest } = fixture.issue({ maxVectors: 5 });
    await fixture.write(rest);
    assert.throws(() => LicenseState.fromEnv(fixture.env(), () => T0), /bad signature/);
  });

  it('refuses a license signed by another key, and a signature that is not base64 of 64 bytes', async () => {
    const other = generateLicenseKeyPair();
    await fixture.write(issueLicense({ org: 'acme', tier: 'pro', days: 30, now: T0 }, other.privateKeyPem));
    assert.throws(() => LicenseState.fromEnv(fixture.env(), () => T0), /^Error: SVC_LICENSE_FILE: bad signature$/);
    await fixture.write({ ...fixture.issue(), signature: 'c2hvcnQ=' });
    assert.throws(() => LicenseState.fromEnv(fixture.env(), () => T0), /^Error: SVC_LICENSE_FILE: bad signature$/);
    const good = fixture.issue();
    await fixture.write({ ...good, signature: `${good.signature.slice(0, 10)}!${good.signature.slice(11)}` });
    assert.throws(() => LicenseState.fromEnv(fixture.env(), () => T0), /^Error: SVC_LICENSE_FILE: bad signature$/);
  });

  it('does not care about formatting or key order in the file: the signature covers the canonical form', async () => {
    const license = fixture.issue({ maxVectors: 7 });
    const reordered = Object.fromEntries(Object.entries(license).reverse());
    await fixture.write(JSON.stringify(reordered));
    assert.equal(LicenseState.fromEnv(fixture.env(), () => T0).status().valid, true);
  });
});
