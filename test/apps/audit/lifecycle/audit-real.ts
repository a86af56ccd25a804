/** What the commands act on: the audit module of this sequence, and the counts of the whole run. */
import type { AuditTally } from './audit-tally.js';
import type { LifecycleAudit } from './lifecycle-audit.js';

export interface AuditReal {
  readonly audit: LifecycleAudit;
  readonly tally: AuditTally;
}
