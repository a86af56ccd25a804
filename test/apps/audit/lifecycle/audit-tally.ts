/** What the audit lifecycle runs did, for the one summary line each run prints. */

export class AuditTally {
  sequences = 0;
  steps = 0;
  batches = 0;
  /** Batches that repeated events already sent (retries, mixed, twins after the first). */
  retries = 0;
  /** Batches cut off by a kill or a stop, with no answer. */
  unanswered = 0;
  /** Of those, the ones the next read found stored (whole): the kill came after the commit. */
  unansweredStored = 0;
  /** New events acknowledged. */
  events = 0;
  kills = 0;
  cleanStops = 0;
  reads = 0;
  verifies = 0;

  summary(seed: number): string {
    return (
      `lifecycle audit: ${this.sequences} sequences, ${this.steps} steps, ${this.batches} batches ` +
      `(${this.retries} repeating sent events, ${this.unanswered} cut off unanswered, ${this.unansweredStored} of them stored whole), ${this.events} events acknowledged, ` +
      `${this.kills} kills, ${this.cleanStops} clean stops, ${this.reads} reads, ${this.verifies} verifies, seed ${seed}`
    );
  }
}
