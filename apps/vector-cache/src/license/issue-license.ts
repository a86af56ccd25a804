/** Issues a signed license: the issuer's side of the license contract. */
import { randomUUID, sign, type KeyObject } from 'node:crypto';
import type { License } from './license-document.js';
import { signedPayload } from './license-document.js';
import { loadLicensePrivateKey } from './license-keys.js';

const DAY_MS = 86_400_000;

/** What a license grants. */
export interface IssueLicenseOptions {
  readonly org: string;
  readonly tier: string;
  /** Validity in days from `now`; a positive integer. */
  readonly days: number;
  readonly maxVectors?: number;
  /** Defaults to a random UUID. */
  readonly licenseId?: string;
  /** Issue time in epoch milliseconds; defaults to the clock. Kept to whole seconds. */
  readonly now?: number;
}

/**
 * A license signed with the issuer's Ed25519 private key (PKCS#8 PEM or a key object). Throws on bad options
 * or a key that is not an Ed25519 private key.
 *
 * @example
 * const license = issueLicense({ org: 'acme', tier: 'pro', days: 365 }, privateKeyPem);
 * writeFileSync('license.json', JSON.stringify(license, null, 2));
 */
export function issueLicense(options: IssueLicenseOptions, privateKey: string | KeyObject): License {
  const key = typeof privateKey === 'string' ? loadLicensePrivateKey(privateKey) : privateKey;
  const { org, tier, days, maxVectors } = options;
  if (org.trim() === '') throw new Error('org must not be empty');
  if (tier.trim() === '') throw new Error('tier must not be empty');
  if (options.licenseId?.trim() === '') throw new Error('license id must not be empty');
  if (!Number.isSafeInteger(days) || days < 1) throw new Error('days must be a positive integer');
  if (maxVectors !== undefined && (!Number.isSafeInteger(maxVectors) || maxVectors < 1)) {
    throw new Error('max vectors must be a positive integer');
  }
  const issuedAt = Math.floor((options.now ?? Date.now()) / 1000) * 1000;
  const fields = {
    license_id: options.licenseId ?? randomUUID(),
    org,
    tier,
    issued_at: rfc3339(issuedAt),
    expires_at: rfc3339(issuedAt + days * DAY_MS),
    ...(maxVectors === undefined ? {} : { max_vectors: maxVectors }),
  };
  return { ...fields, signature: sign(null, signedPayload(fields), key).toString('base64') };
}

function rfc3339(ms: number): string {
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}
