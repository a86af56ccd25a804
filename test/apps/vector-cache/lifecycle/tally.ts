/** What a lifecycle run did, for its summary line (the release note quotes it). */

export class LifecycleTally {
  sequences = 0;
  /** Sequences run while shrinking a failure; included in `sequences`. */
  shrinkSequences = 0;
  steps = 0;
  kills = 0;
  cleanRestarts = 0;
  writeFailures = 0;
  /** Process starts (refused ones included) and the time they took until listening or refused. */
  starts = 0;
  startMs = 0;
  /** Steps by command name, to see that a run reached every kind. */
  readonly byCommand = new Map<string, number>();

  count(command: string): void {
    this.steps += 1;
    this.byCommand.set(command, (this.byCommand.get(command) ?? 0) + 1);
  }

  /** `lifecycle vector-cache: 3 sequences, 71 steps, 9 kills, 8 clean restarts, 4 write failures, seed 42`. */
  line(seed: number): string {
    const shrinking = this.shrinkSequences > 0 ? ` (${this.shrinkSequences} of them shrinking a failure)` : '';
    return (
      `lifecycle vector-cache: ${this.sequences} sequences${shrinking}, ${this.steps} steps, ${this.kills} kills, ` +
      `${this.cleanRestarts} clean restarts, ${this.writeFailures} write failures, seed ${seed}`
    );
  }

  /** `insert 12, upsert 9, …; 14 process starts, 2.1 s each`: steps by command, and what the starts cost. */
  breakdown(): string {
    const steps = [...this.byCommand]
      .sort(([, a], [, b]) => b - a)
      .map(([name, n]) => `${name} ${n}`)
      .join(', ');
    const each = this.starts === 0 ? 0 : this.startMs / this.starts / 1000;
    return `${steps}; ${this.starts} process starts, ${each.toFixed(1)} s each`;
  }
}
