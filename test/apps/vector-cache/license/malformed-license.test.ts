import assert from 'node:assert/strict';
import { LicenseState } from '@sluice/vector-cache';
import { T0, licenseFixture, type LicenseFixture } from './license-fixture.js';

describe('vector-cache license: malformed or missing file', () => {
  let fixture: LicenseFixture;

  beforeEach(async () => {
    fixture = await licenseFixture();
  });

  afterEach(() => fixture.remove());

  const start = () => LicenseState.fromEnv(fixture.env(), () => T0);

  it('refuses to start when the file is not JSON', async () => {
    await fixture.write('{"license_id": "x", ');
    assert.throws(start, /^Error: SVC_LICENSE_FILE: malformed license: not JSON \(/);
  });

  it('names the field that is missing or of the wrong type', async () => {
    const { tier: _tier, ...noTier } = fixture.issue();
    await fixture.write(noTier);
    assert.throws(start, /^Error: SVC_LICENSE_FILE: malformed license: missing fields: tier$/);
    await fixture.write({ ...fixture.issue(), max_vectors: '10' });
    assert.throws(start, /^Error: SVC_LICENSE_FILE: malformed license: max_vectors /);
    await fixture.write('[]');
    assert.throws(start, /^Error: SVC_LICENSE_FILE: malformed license: the license must be a JSON object$/);
  });

  it('refuses times that are not RFC 3339 or that run backwards', async () => {
    await fixture.write({ ...fixture.issue(), expires_at: '2027-01-01' });
    assert.throws(start, /^Error: SVC_LICENSE_FILE: malformed license: expires_at must be an RFC 3339 date-time/);
    await fixture.write({ ...fixture.issue(), expires_at: '2027-13-45T00:00:00Z' });
    assert.throws(start, /^Error: SVC_LICENSE_FILE: malformed license: expires_at is not a real date-time$/);
    await fixture.write({ ...fixture.issue(), expires_at: '2020-01-01T00:00:00Z' });
    assert.throws(start, /^Error: SVC_LICENSE_FILE: malformed license: expires_at must be later than issued_at$/);
  });

  it('refuses to start when the file is missing', () => {
    assert.throws(
      start,
      (error: Error) => error.message === `SVC_LICENSE_FILE: cannot read ${fixture.licenseFile}: no such file`,
    );
  });
});
