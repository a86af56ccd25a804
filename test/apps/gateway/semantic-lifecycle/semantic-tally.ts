/** What the semantic lifecycle runs did, for the one summary line each run prints. */

export class SemanticTally {
  sequences = 0;
  steps = 0;
  starts = 0;
  kills = 0;
  cleanStops = 0;
  /** Starts right after a clean stop. */
  cleanRestarts = 0;
  reloads = 0;
  prunes = 0;
  asks = 0;
  hits = 0;

  summary(seed: number): string {
    return (
      `lifecycle gateway-semantic: ${this.sequences} sequences, ${this.steps} steps, ${this.starts} starts, ` +
      `${this.kills} kills, ${this.cleanStops} clean stops, ${this.cleanRestarts} clean restarts, ${this.reloads} reloads, ` +
      `${this.prunes} prunes, ${this.asks} asks (${this.hits} semantic hits), seed ${seed}`
    );
  }
}
