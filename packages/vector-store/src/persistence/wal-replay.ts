/** One pass over write-ahead log segments: records in order, torn tails truncated and counted, corruption refused. */
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { fileError } from './file-error.js';
import type { WalRecord } from './wal-frame.js';
import { readSegment, type SegmentEnd } from './wal-segment-reader.js';
import { listSegments, segmentFileName } from './wal-segments.js';

/**
 * A torn tail replay cut off: what a crash left of an append that was never acknowledged.
 * @example
 * for (const tail of replay.truncated) logger.warn({ segment: tail.segment, bytes: tail.droppedBytes }, tail.reason);
 */
export interface TruncatedTail {
  readonly segment: number;
  /** Where the segment now ends. */
  readonly offset: number;
  readonly droppedBytes: number;
  readonly reason: string;
}

/**
 * The records of segments ≥ `fromSegment`; iterate it once, then read `truncated` and `droppedBytes`.
 * @example
 * const replay = wal.replay(set.walSegment);
 * for await (const { meta, vector } of replay) apply(meta, vector);
 * if (replay.droppedBytes > 0) logger.warn({ truncated: replay.truncated }, 'torn write-ahead log tail dropped');
 */
export class WalReplay implements AsyncIterable<WalRecord> {
  readonly truncated: TruncatedTail[] = [];
  #records = 0;

  constructor(
    readonly dir: string,
    readonly fromSegment: number,
    /** For the segment being appended to: how many of its bytes are acknowledged (never truncated). */
    private readonly acknowledgedBytes: (segment: number) => number | undefined,
  ) {}

  /** Records replayed so far. */
  get records(): number {
    return this.#records;
  }

  /** Bytes of torn tails truncated away so far. */
  get droppedBytes(): number {
    return this.truncated.reduce((sum, tail) => sum + tail.droppedBytes, 0);
  }

  async *[Symbol.asyncIterator](): AsyncIterator<WalRecord> {
    const segments = (await listSegments(this.dir)).filter((n) => n >= this.fromSegment);
    for (const segment of segments) {
      const name = segmentFileName(segment);
      const path = join(this.dir, name);
      const limit = this.acknowledgedBytes(segment);
      const reader = readSegment(path, limit);
      let step: IteratorResult<WalRecord, SegmentEnd>;
      try {
        for (step = await reader.next(); step.done !== true; step = await reader.next()) {
          this.#records += 1;
          yield step.value;
        }
      } finally {
        // A consumer that stops early (break, or a throw while applying) must not leave the segment open.
        await reader.return({ goodBytes: 0, size: 0 });
      }
      const end = step.value;
      if (end.bad === undefined) continue;
      if (end.bad.followedByValidFrames) {
        throw fileError(name, `corrupt frame at byte ${end.goodBytes} (${end.bad.reason}), followed by valid frames`);
      }
      if (limit !== undefined) {
        throw fileError(
          name,
          `corrupt frame at byte ${end.goodBytes} (${end.bad.reason}) in the acknowledged part of the segment being appended to`,
        );
      }
      const handle = await open(path, 'r+');
      try {
        await handle.truncate(end.goodBytes);
        await handle.datasync();
      } finally {
        await handle.close();
      }
      this.truncated.push({ segment, offset: end.goodBytes, droppedBytes: end.size - end.goodBytes, reason: end.bad.reason });
    }
  }
}
