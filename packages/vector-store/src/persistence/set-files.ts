/** The three files of a paired set read once each: a load asks for snapshot ids first, contents after. */
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { readAnswersFrom, type AnswersSnapshot } from './answers-file.js';
import { readEnvelopeHeader, type EnvelopeHeader } from './envelope.js';
import { readTombstonesFrom, type TombstonesSnapshot } from './tombstones-file.js';

export class SetFiles {
  #header: Promise<EnvelopeHeader> | undefined;
  #answers: Promise<AnswersSnapshot> | undefined;
  #tombstones: Promise<TombstonesSnapshot> | undefined;

  constructor(
    readonly dir: string,
    readonly names: readonly [index: string, answers: string, tombstones: string],
  ) {}

  header(): Promise<EnvelopeHeader> {
    return (this.#header ??= readEnvelopeHeader(join(this.dir, this.names[0]), this.names[0]));
  }

  answers(): Promise<AnswersSnapshot> {
    return (this.#answers ??= readAnswersFrom(join(this.dir, this.names[1]), this.names[1]));
  }

  tombstones(): Promise<TombstonesSnapshot> {
    return (this.#tombstones ??= readTombstonesFrom(join(this.dir, this.names[2]), this.names[2]));
  }

  /** The snapshot id a file carries, or undefined when it does not exist. */
  async snapshotIdOf(name: string): Promise<string | undefined> {
    const exists = await access(join(this.dir, name)).then(
      () => true,
      () => false,
    );
    if (!exists) return undefined;
    if (name === this.names[0]) return (await this.header()).snapshot_id;
    if (name === this.names[1]) return (await this.answers()).snapshotId;
    return (await this.tombstones()).snapshotId;
  }

  /** Drops what was read of a file that has just been replaced. */
  forget(name: string): void {
    if (name === this.names[0]) this.#header = undefined;
    else if (name === this.names[1]) this.#answers = undefined;
    else this.#tombstones = undefined;
  }
}
