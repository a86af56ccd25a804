/** A temp directory holding a signing key pair, its public key file and a license file, for the license suites. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateLicenseKeyPair, issueLicense, type IssueLicenseOptions, type License } from '@sluice/vector-cache';

export const DAY = 86_400_000;
/** The suites' start instant. */
export const T0 = Date.parse('2026-03-01T12:00:00Z');

export interface LicenseFixture {
  readonly dir: string;
  readonly privateKeyPem: string;
  readonly publicKeyPem: string;
  readonly pubkeyFile: string;
  readonly licenseFile: string;
  /** Signs a license issued at T0 unless told otherwise. */
  issue(options?: Partial<IssueLicenseOptions>): License;
  /** Writes a license object (or raw text) to the license file. */
  write(license: License | Record<string, unknown> | string): Promise<void>;
  /** The environment of an enforcing service pointed at the fixture's files. */
  env(extra?: Record<string, string>): Record<string, string>;
  remove(): Promise<void>;
}

/** A fixture with a fresh key pair; call `remove()` after. */
export async function licenseFixture(): Promise<LicenseFixture> {
  const dir = await mkdtemp(join(tmpdir(), 'svc-license-'));
  const { privateKeyPem, publicKeyPem } = generateLicenseKeyPair();
  const pubkeyFile = join(dir, 'license-signing.pub');
  const licenseFile = join(dir, 'license.json');
  await writeFile(pubkeyFile, publicKeyPem);
  return {
    dir,
    privateKeyPem,
    publicKeyPem,
    pubkeyFile,
    licenseFile,
    issue: (options = {}) => issueLicense({ org: 'acme', tier: 'pro', days: 30, now: T0, ...options }, privateKeyPem),
    write: (license) => writeFile(licenseFile, typeof license === 'string' ? license : JSON.stringify(license, null, 2)),
    env: (extra = {}) => ({
      SVC_LICENSE_REQUIRED: '1',
      SVC_LICENSE_FILE: licenseFile,
      SVC_LICENSE_PUBKEY_FILE: pubkeyFile,
      ...extra,
    }),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/** A clock the test moves by hand. */
export function manualClock(start = T0): { now: () => number; set: (ms: number) => void } {
  let current = start;
  return { now: () => current, set: (ms) => (current = ms) };
}
