/** The license in force while the service runs: start-up check, status, write refusal and SIGHUP reload. */
import type { License, LicenseDocument } from './license-document.js';
import { readLicenseFiles, type LicenseFiles } from './license-files.js';
import { COMMUNITY_STATUS, expiredReason, isExpired, licenseStatus, type LicenseStatus } from './license-status.js';

/** Why a write is refused: the service answers 403 with this code. */
export interface WriteRefusal {
  readonly code: 'LICENSE_EXPIRED' | 'LICENSE_INVALID';
  readonly message: string;
}

/** The outcome of {@link LicenseState.reload}; a failed reload leaves the state as it was. */
export type LicenseReload =
  { readonly ok: true; readonly status: LicenseStatus } | { readonly ok: false; readonly reason: string };

type Loaded =
  | { readonly kind: 'community' }
  | { readonly kind: 'licensed'; readonly document: LicenseDocument }
  /** A configured file that is not accepted while enforcement is off: the service runs as community. */
  | { readonly kind: 'unaccepted'; readonly reason: string };

const ON = new Set(['1', 'true', 'yes', 'on']);
const OFF = new Set(['', '0', 'false', 'no', 'off']);

/**
 * The license state of the service. With `SVC_LICENSE_REQUIRED=1` a missing, unreadable, malformed, badly signed
 * or expired license refuses the start; a license that expires later refuses writes only. With enforcement off
 * nothing is ever refused and the status reports what the file really is.
 *
 * @example
 * const license = LicenseState.fromEnv(process.env); // throws 'SVC_LICENSE_FILE: bad signature', …
 * const refusal = license.writeRefusal(); // before each insert, upsert or delete
 * if (refusal) return reply(403, { error: { code: refusal.code, message: refusal.message } });
 * process.on('SIGHUP', () => { const r = license.reload(); if (!r.ok) logger.warn(r.reason); });
 */
export class LicenseState {
  /** Whether `SVC_LICENSE_REQUIRED` turns enforcement on. */
  readonly enforced: boolean;
  readonly #files: LicenseFiles;
  readonly #now: () => number;
  #loaded: Loaded;

  private constructor(enforced: boolean, files: LicenseFiles, now: () => number, loaded: Loaded) {
    this.enforced = enforced;
    this.#files = files;
    this.#now = now;
    this.#loaded = loaded;
  }

  /**
   * Reads `SVC_LICENSE_REQUIRED`, `SVC_LICENSE_FILE` and `SVC_LICENSE_PUBKEY_FILE`. With enforcement on, throws an
   * Error whose message starts with the variable at fault, fit to print as the one line the service exits with.
   * `now` is the clock (epoch milliseconds), read at every call that depends on it.
   */
  static fromEnv(env: Readonly<Record<string, string | undefined>>, now: () => number = Date.now): LicenseState {
    const enforced = flag(env.SVC_LICENSE_REQUIRED);
    const files = { licenseFile: path(env.SVC_LICENSE_FILE), pubkeyFile: path(env.SVC_LICENSE_PUBKEY_FILE) };
    if (!enforced && files.licenseFile === undefined) return new LicenseState(false, files, now, { kind: 'community' });
    const loaded = load(files, enforced, now());
    if (typeof loaded === 'string') {
      if (enforced) throw new Error(loaded);
      return new LicenseState(false, files, now, { kind: 'unaccepted', reason: loaded });
    }
    return new LicenseState(enforced, files, now, loaded);
  }

  /** The status of `GET /v1/license/status`, at this moment. */
  status(): LicenseStatus {
    const loaded = this.#loaded;
    if (loaded.kind === 'licensed') return licenseStatus(loaded.document, this.#now());
    if (loaded.kind === 'unaccepted') return { ...COMMUNITY_STATUS, valid: false };
    return COMMUNITY_STATUS;
  }

  /** The value of the `svc_license_days_until_expiry` gauge: −1 when nothing expires. */
  daysUntilExpiry(): number {
    return this.status().days_until_expiry;
  }

  /** Undefined while writes are allowed. Reads and snapshot saves are never refused, so no data is lost. */
  writeRefusal(): WriteRefusal | undefined {
    if (!this.enforced) return undefined;
    const loaded = this.#loaded;
    if (loaded.kind !== 'licensed') {
      // Unreachable through fromEnv and reload, which never leave an enforced state without a license.
      return { code: 'LICENSE_INVALID', message: 'no valid license is loaded; writes are refused' };
    }
    if (!isExpired(loaded.document, this.#now())) return undefined;
    return {
      code: 'LICENSE_EXPIRED',
      message: `${expiredReason(loaded.document)}; writes are refused until a renewed license is loaded, reads and snapshot saves keep working`,
    };
  }

  /** The license's vector limit when enforcement is on; undefined for no limit. */
  get maxVectors(): number | undefined {
    return this.enforced && this.#loaded.kind === 'licensed' ? this.#loaded.document.license.max_vectors : undefined;
  }

  /** The genuine license in force, if any (its `license_id` is worth logging; it holds no secret). */
  get license(): License | undefined {
    return this.#loaded.kind === 'licensed' ? this.#loaded.document.license : undefined;
  }

  /** Why the configured license file is not in force while enforcement is off (worth a warning at start). */
  get problem(): string | undefined {
    return this.#loaded.kind === 'unaccepted' ? this.#loaded.reason : undefined;
  }

  /**
   * Re-reads both files (on SIGHUP). Never throws: a reload that fails returns the reason, prefixed with the
   * variable at fault, and keeps the state in force; one that succeeds replaces it. A reload fails whenever the
   * same files would not be accepted at start; with enforcement on that includes an expired license.
   */
  reload(): LicenseReload {
    if (!this.enforced && this.#files.licenseFile === undefined) return { ok: true, status: this.status() };
    const loaded = load(this.#files, this.enforced, this.#now());
    if (typeof loaded === 'string') return { ok: false, reason: loaded };
    this.#loaded = loaded;
    return { ok: true, status: this.status() };
  }
}

function load(files: LicenseFiles, enforced: boolean, nowMs: number): Loaded | string {
  if (enforced && files.licenseFile === undefined) {
    return 'SVC_LICENSE_FILE: not set, but SVC_LICENSE_REQUIRED=1 needs a license';
  }
  const document = readLicenseFiles(files);
  if (typeof document === 'string') return document;
  if (enforced && isExpired(document, nowMs)) return `SVC_LICENSE_FILE: ${expiredReason(document)}`;
  return { kind: 'licensed', document };
}

function flag(value: string | undefined): boolean {
  const word = (value ?? '').trim().toLowerCase();
  if (ON.has(word)) return true;
  if (OFF.has(word)) return false;
  throw new Error(`SVC_LICENSE_REQUIRED: must be 1 or 0, got "${value ?? ''}"`);
}

/** An empty value counts as unset: container tooling often exports variables it has no value for. */
function path(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === '' ? undefined : trimmed;
}
