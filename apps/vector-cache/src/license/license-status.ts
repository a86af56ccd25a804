/** What `GET /v1/license/status` reports, computed from a license and the clock. */
import type { LicenseDocument } from './license-document.js';

/** The license status of the specification, section 2. */
export interface LicenseStatus {
  readonly valid: boolean;
  readonly tier: string;
  readonly org: string;
  /** Whole days left (0 on the last day and once expired); −1 means the service runs without an expiry. */
  readonly days_until_expiry: number;
}

const DAY_MS = 86_400_000;

/** The status of the community tier: no license, nothing expires. */
export const COMMUNITY_STATUS: LicenseStatus = Object.freeze({
  valid: true,
  tier: 'community',
  org: '',
  days_until_expiry: -1,
});

/** True when the license has expired at `nowMs`; the expiry instant itself is already past. */
export function isExpired(document: LicenseDocument, nowMs: number): boolean {
  return nowMs >= document.expiresAtMs;
}

/**
 * The status of a signature-checked license at `nowMs`. An expired license reports 0 days rather than a
 * negative count, so that −1 keeps its one meaning (never expires) on the `svc_license_days_until_expiry` gauge.
 */
export function licenseStatus(document: LicenseDocument, nowMs: number): LicenseStatus {
  const expired = isExpired(document, nowMs);
  return {
    valid: !expired,
    tier: document.license.tier,
    org: document.license.org,
    days_until_expiry: expired ? 0 : Math.floor((document.expiresAtMs - nowMs) / DAY_MS),
  };
}

/** `license expired on 2026-01-01 (org acme)`: the UTC date of the expiry instant. */
export function expiredReason(document: LicenseDocument): string {
  const day = new Date(document.expiresAtMs).toISOString().slice(0, 10);
  return `license expired on ${day} (org ${document.license.org})`;
}
