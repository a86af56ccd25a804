/** Turns the license's state into the service's refusals: expired or invalid licenses stop writes only. */
import { ServiceError } from './service-error.js';

/** What the gate needs of the license state (see `LicenseState`). */
export interface LicenseSource {
  writeRefusal(): { code: 'LICENSE_EXPIRED' | 'LICENSE_INVALID'; message: string } | undefined;
  readonly maxVectors?: number | undefined;
}

/**
 * Reads, searches and snapshot saves never consult the gate, so an expiring license loses no data.
 * @example
 * const gate = new LicenseGate(() => licenseState);
 * gate.checkWrite(); // throws 403 LICENSE_EXPIRED once the license has expired
 */
export class LicenseGate {
  constructor(readonly source: () => LicenseSource) {}

  checkWrite(): void {
    const refusal = this.source().writeRefusal();
    if (refusal !== undefined) throw new ServiceError(refusal.code, refusal.message);
  }

  /** Whether the license limits the number of vectors (`max_vectors`). */
  get limitsCapacity(): boolean {
    return this.source().maxVectors !== undefined;
  }

  /** Refuses a new id once the license's `max_vectors` active ids exist. */
  checkCapacity(activeIds: number): void {
    const max = this.source().maxVectors;
    if (max !== undefined && activeIds >= max) {
      throw new ServiceError('PERMISSION_DENIED', `The license allows at most ${max} vectors; delete some or renew it.`, {
        max_vectors: max,
      });
    }
  }
}
