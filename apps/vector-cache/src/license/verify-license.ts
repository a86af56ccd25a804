/** Checks a license against the issuer's public key and the clock. */
import { verify, type KeyObject } from 'node:crypto';
import { parseLicenseText, readLicenseDocument, signedPayload, type License, type LicenseDocument } from './license-document.js';
import { loadLicensePublicKey } from './license-keys.js';
import { expiredReason, isExpired, licenseStatus, type LicenseStatus } from './license-status.js';

/** Why a license is not accepted. */
export type LicenseProblem = 'malformed' | 'bad_signature' | 'expired';

/** The outcome of {@link verifyLicense}. An expired license is genuine: it comes back with its status. */
export type LicenseCheck =
  | { readonly ok: true; readonly license: License; readonly status: LicenseStatus }
  | { readonly ok: false; readonly problem: 'malformed' | 'bad_signature'; readonly reason: string }
  | {
      readonly ok: false;
      readonly problem: 'expired';
      readonly reason: string;
      readonly license: License;
      readonly status: LicenseStatus;
    };

/**
 * Verifies a license: its shape, its Ed25519 signature, then its expiry at `now` (epoch milliseconds).
 * `license` is the parsed object or the JSON text of a license file; `publicKey` a key object, SPKI PEM or
 * the raw key in base64. A bad public key throws; a bad license never does.
 *
 * @example
 * const check = verifyLicense(readFileSync('license.json', 'utf8'), readFileSync('license-signing.pub', 'utf8'));
 * if (!check.ok) console.log(check.reason); // 'bad signature', 'license expired on 2026-01-01 (org acme)', …
 */
export function verifyLicense(license: unknown, publicKey: KeyObject | string, now: number = Date.now()): LicenseCheck {
  const key = typeof publicKey === 'string' ? loadLicensePublicKey(publicKey) : publicKey;
  const document = typeof license === 'string' ? parseLicenseText(license) : readLicenseDocument(license);
  if (typeof document === 'string') return { ok: false, problem: 'malformed', reason: document };
  if (!signatureHolds(document, key)) return { ok: false, problem: 'bad_signature', reason: 'bad signature' };
  const status = licenseStatus(document, now);
  if (isExpired(document, now)) {
    return { ok: false, problem: 'expired', reason: expiredReason(document), license: document.license, status };
  }
  return { ok: true, license: document.license, status };
}

/** Checks the signature only; the shape has been checked already. */
export function signatureHolds(document: LicenseDocument, key: KeyObject): boolean {
  const { signature } = document.license;
  // Buffer.from skips characters that are not base64, so the text is checked strictly first.
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  const bytes = Buffer.from(signature, 'base64');
  if (bytes.length !== 64) return false;
  return verify(null, signedPayload(document.license), key, bytes);
}
