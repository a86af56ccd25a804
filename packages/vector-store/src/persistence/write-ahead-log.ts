/**
 * The write-ahead log: records appended to numbered segment files, each acknowledged only once written
 * and fdatasynced. Appends that arrive while a write is in flight are committed together (group commit).
 */
import { mkdir, open, unlink, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { VectorStoreError } from '../vector-store-error.js';
import { fsyncDirectory, writeAll } from './atomic-file.js';
import { messageOf } from './file-error.js';
import { encodeFrame } from './wal-frame.js';
import { WalReplay } from './wal-replay.js';
import { listSegments, segmentFileName } from './wal-segments.js';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './file-modes.js';

export type { WalRecord } from './wal-frame.js';
export { WalReplay, type TruncatedTail } from './wal-replay.js';
export { listSegments, segmentFileName } from './wal-segments.js';

/**
 * Counters since the log was opened: `fsyncs` far below `appends` shows group commit at work.
 * @example
 * const { appends, fsyncs }: WalStats = wal.stats();
 * const recordsPerFsync = fsyncs === 0 ? 0 : appends / fsyncs;
 */
export interface WalStats {
  /** Records acknowledged. */
  readonly appends: number;
  /** Writes, each followed by one fdatasync. */
  readonly fsyncs: number;
  /** Bytes acknowledged. */
  readonly bytes: number;
  /** The segment new appends go to. */
  readonly segment: number;
}

interface Pending {
  readonly segment: number;
  readonly frame: Buffer;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/**
 * A write-ahead log in one directory. Each process start writes to a new segment after the highest,
 * and never below the segment its restored snapshot replays from, so a segment is only ever appended
 * to by one writer, once, and every record appended is one the next replay reads.
 * @example
 * const wal = await WriteAheadLog.open('/data/wal');
 * for await (const { meta, vector } of wal.replay(set.walSegment)) apply(meta, vector);
 * await wal.append({ op: 'upsert', id: 7, payload: { answer: 'Paris' } }, vector);
 * const walSegment = wal.rotate(); // then save a snapshot with it, then:
 * await wal.removeBefore(walSegment);
 */
export class WriteAheadLog {
  #segment: number;
  #active: { readonly segment: number; readonly handle: FileHandle } | undefined;
  #activeBytes = 0;
  #queue: Pending[] = [];
  #draining: Promise<void> | undefined;
  #failure: VectorStoreError | undefined;
  #closed = false;
  #stats = { appends: 0, fsyncs: 0, bytes: 0 };

  private constructor(
    readonly dir: string,
    segment: number,
  ) {
    this.#segment = segment;
  }

  /**
   * Opens the log in `dir` (created when missing). Appends go to a new segment after the highest found,
   * and to none below `replayFrom`: a saved set that retired every segment still names the one its replay
   * starts at, and records written below it would be skipped at the next start.
   */
  static async open(dir: string, replayFrom = 0): Promise<WriteAheadLog> {
    await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
    const segments = await listSegments(dir);
    return new WriteAheadLog(dir, Math.max((segments.at(-1) ?? 0) + 1, replayFrom));
  }

  /** The segment new appends go to. */
  get segment(): number {
    return this.#segment;
  }

  /**
   * Appends one record; resolves once it is written and fdatasynced. Rejects with `unavailable` after the
   * log has failed or closed, and with `invalid_argument` for a meta that is not a JSON object.
   */
  append(meta: object, vector?: readonly number[]): Promise<void> {
    if (this.#failure !== undefined) return Promise.reject(this.#failure);
    if (this.#closed) return Promise.reject(new VectorStoreError('unavailable', `write-ahead log ${this.dir} is closed`));
    let frame: Buffer;
    try {
      frame = encodeFrame(meta, vector);
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise((resolve, reject) => {
      this.#queue.push({ segment: this.#segment, frame, resolve, reject });
      this.#draining ??= this.#drain();
    });
  }

  /**
   * Later appends go to segment n+1, which is returned; every append called before goes to a segment ≤ n.
   * A snapshot taken together with the rotate (same tick) holds exactly the records in segments < n+1.
   */
  rotate(): number {
    this.#segment += 1;
    return this.#segment;
  }

  /**
   * The records of segments ≥ `fromSegment`, in order. A bad frame with no valid frame after it in its
   * segment is the tail of an append a crash interrupted (never acknowledged): it is truncated away and
   * counted in `droppedBytes`. A bad frame followed by valid ones is `failed_precondition`.
   */
  replay(fromSegment: number): WalReplay {
    return new WalReplay(this.dir, fromSegment, (segment) => (this.#active?.segment === segment ? this.#activeBytes : undefined));
  }

  /** Deletes segments below `segment` (after a snapshot holding them is committed). Returns how many. */
  async removeBefore(segment: number): Promise<number> {
    if (segment > this.#segment) {
      throw new VectorStoreError('invalid_argument', `segment ${segment} is past the one being appended to (${this.#segment})`);
    }
    // A segment left open by appends made before the rotation is closed once they are written, so a
    // snapshot retires it now rather than at the next save (it may be as large as the whole store).
    await this.#draining;
    const active = this.#active;
    if (active !== undefined && active.segment < segment && !this.#queue.some((p) => p.segment === active.segment)) {
      this.#active = undefined;
      await active.handle.close();
    }
    const doomed = (await listSegments(this.dir)).filter((n) => n < segment && n !== this.#active?.segment);
    for (const n of doomed) await unlink(join(this.dir, segmentFileName(n)));
    if (doomed.length > 0) await fsyncDirectory(this.dir);
    return doomed.length;
  }

  /** Waits for queued appends, then closes the segment file. Later appends are refused. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#draining;
    const active = this.#active;
    this.#active = undefined;
    await active?.handle.close();
  }

  stats(): WalStats {
    return { ...this.#stats, segment: this.#segment };
  }

  /** Writes batches until the queue is empty; clears `#draining` in the same step that sees it empty. */
  async #drain(): Promise<void> {
    // One turn of the microtask queue lets appends made in the same tick join the first batch.
    await Promise.resolve();
    for (;;) {
      const batch = this.#queue.splice(0);
      if (batch.length === 0) {
        this.#draining = undefined;
        return;
      }
      let start = 0;
      while (start < batch.length) {
        const segment = batch[start]!.segment;
        let end = start + 1;
        while (end < batch.length && batch[end]!.segment === segment) end += 1;
        await this.#commit(segment, batch.slice(start, end));
        start = end;
      }
    }
  }

  /** One write and one fdatasync for records of one segment; any error fails the log for good. */
  async #commit(segment: number, records: readonly Pending[]): Promise<void> {
    if (this.#failure !== undefined) {
      for (const record of records) record.reject(this.#failure);
      return;
    }
    try {
      const handle = await this.#handleFor(segment);
      const data = records.length === 1 ? records[0]!.frame : Buffer.concat(records.map((record) => record.frame));
      await writeAll(handle, data);
      await handle.datasync();
      this.#activeBytes += data.byteLength;
      this.#stats.fsyncs += 1;
      this.#stats.appends += records.length;
      this.#stats.bytes += data.byteLength;
    } catch (error) {
      // What was written may or may not be on disk: acknowledge nothing more from this process.
      this.#failure = new VectorStoreError(
        'unavailable',
        `write-ahead log ${segmentFileName(segment)} failed (${messageOf(error)}); appends are refused until restart`,
        { cause: error },
      );
      for (const record of records) record.reject(this.#failure);
      return;
    }
    for (const record of records) record.resolve();
  }

  async #handleFor(segment: number): Promise<FileHandle> {
    if (this.#active?.segment === segment) return this.#active.handle;
    const previous = this.#active;
    this.#active = undefined;
    await previous?.handle.close();
    const handle = await open(join(this.dir, segmentFileName(segment)), 'a', PRIVATE_FILE_MODE);
    this.#active = { segment, handle };
    this.#activeBytes = (await handle.stat()).size;
    // The new file's directory entry must be durable before anything in it is acknowledged.
    await fsyncDirectory(this.dir);
    return handle;
  }
}
