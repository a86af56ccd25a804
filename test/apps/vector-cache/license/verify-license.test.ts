import assert from 'node:assert/strict';
import { issueLicense, loadLicensePublicKey, verifyLicense } from '@sluice/vector-cache';
import { DAY, T0, licenseFixture, type LicenseFixture } from './license-fixture.js';

describe('vector-cache license: issue and verify', () => {
  let fixture: LicenseFixture;

  before(async () => {
    fixture = await licenseFixture();
  });

  after(() => fixture.remove());

  it('issues RFC 3339 times in whole seconds and a random id unless given one', () => {
    const license = issueLicense({ org: 'acme', tier: 'pro', days: 365, now: T0 + 123 }, fixture.privateKeyPem);
    assert.equal(license.issued_at, '2026-03-01T12:00:00Z');
    assert.equal(license.expires_at, '2027-03-01T12:00:00Z');
    assert.match(license.license_id, /^[0-9a-f-]{36}$/);
    assert.equal('max_vectors' in license, false);
    assert.equal(fixture.issue({ licenseId: 'lic-7' }).license_id, 'lic-7');
  });

  it('verifies an object or JSON text, with a key object, PEM text or raw base64', () => {
    const license = fixture.issue({ days: 365 });
    const key = loadLicensePublicKey(fixture.publicKeyPem);
    const raw = Buffer.from(key.export({ format: 'jwk' }).x ?? '', 'base64url').toString('base64');
    for (const input of [license, JSON.stringify(license)]) {
      for (const publicKey of [key, fixture.publicKeyPem, raw]) {
        const check = verifyLicense(input, publicKey, T0 + DAY);
        assert.equal(check.ok, true);
        assert.deepEqual(check.ok && check.status, { valid: true, tier: 'pro', org: 'acme', days_until_expiry: 364 });
      }
    }
  });

  it('reports an expired license with its status and reason', () => {
    const check = verifyLicense(fixture.issue({ days: 1 }), fixture.publicKeyPem, T0 + DAY);
    assert.equal(check.ok, false);
    assert.equal(!check.ok && check.problem, 'expired');
    assert.equal(!check.ok && check.reason, 'license expired on 2026-03-02 (org acme)');
  });

  it('covers fields unknown to this release with the signature', () => {
    const license = fixture.issue();
    const check = verifyLicense({ ...license, features: ['sso'] }, fixture.publicKeyPem, T0);
    assert.deepEqual(check, { ok: false, problem: 'bad_signature', reason: 'bad signature' });
  });

  it('refuses bad issue options and a key that is not an Ed25519 private key', () => {
    assert.throws(() => fixture.issue({ days: 0 }), /days must be a positive integer/);
    assert.throws(() => fixture.issue({ days: 1.5 }), /days must be a positive integer/);
    assert.throws(() => fixture.issue({ org: ' ' }), /org must not be empty/);
    assert.throws(() => fixture.issue({ maxVectors: 0 }), /max vectors must be a positive integer/);
    assert.throws(() => issueLicense({ org: 'a', tier: 'b', days: 1 }, fixture.publicKeyPem), /not a readable PEM private key/);
  });

  it('throws on a public key that is not Ed25519 or has the wrong length', () => {
    assert.throws(() => loadLicensePublicKey(Buffer.alloc(31).toString('base64')), /expected an SPKI PEM/);
    assert.throws(() => loadLicensePublicKey('-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----'), /not a readable PEM/);
  });
});
