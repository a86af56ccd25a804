/** Reads the frames of one write-ahead log segment in order, and tells a torn tail from mid-file corruption. */
import { open, type FileHandle } from 'node:fs/promises';
import { errnoCode } from './file-error.js';
import { decodeFrame, frameLengthOf, MIN_FRAME_BYTES, type WalRecord } from './wal-frame.js';

const WINDOW_BYTES = 1024 * 1024;

/** Positional reads through one cached window, so frame-by-frame parsing costs few system calls. */
class ByteSource {
  #window = Buffer.alloc(0);
  #start = 0;

  constructor(
    private readonly handle: FileHandle,
    readonly size: number,
  ) {}

  /** `length` bytes at `position`; valid until the next call. The caller keeps within `size`. */
  async bytes(position: number, length: number): Promise<Buffer> {
    const offset = position - this.#start;
    if (offset >= 0 && offset + length <= this.#window.byteLength) return this.#window.subarray(offset, offset + length);
    const window = Buffer.allocUnsafe(Math.min(Math.max(length, WINDOW_BYTES), this.size - position));
    let filled = 0;
    while (filled < window.byteLength) {
      const { bytesRead } = await this.handle.read(window, filled, window.byteLength - filled, position + filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    this.#window = window.subarray(0, filled);
    this.#start = position;
    return this.#window.subarray(0, Math.min(length, filled));
  }
}

type FrameAt = { record: WalRecord; bytes: number } | { reason: string };

async function frameAt(source: ByteSource, position: number): Promise<FrameAt> {
  const left = source.size - position;
  if (left < MIN_FRAME_BYTES) return { reason: `${left} bytes left, shorter than any frame` };
  const length = frameLengthOf(await source.bytes(position, 4));
  if (typeof length === 'string') return { reason: length };
  if (length > left) return { reason: `a frame of ${length} bytes runs past the end (${left} bytes left)` };
  const frame = await source.bytes(position, length);
  if (frame.byteLength < length) return { reason: 'the file shrank while it was read' };
  const record = decodeFrame(frame);
  return typeof record === 'string' ? { reason: record } : { record, bytes: length };
}

/** Whether any valid frame starts after `from`: what separates corruption from a torn tail. */
async function anyFrameAfter(source: ByteSource, from: number): Promise<boolean> {
  for (let position = from; position + MIN_FRAME_BYTES <= source.size; position += 1) {
    if ('record' in (await frameAt(source, position))) return true;
  }
  return false;
}

/** How a segment ended: cleanly after `goodBytes`, or at a bad frame there. */
export interface SegmentEnd {
  readonly goodBytes: number;
  readonly size: number;
  readonly bad?: { readonly reason: string; readonly followedByValidFrames: boolean };
}

/**
 * Yields the records of a segment, then returns how it ended. `limit` reads only that many bytes (the
 * acknowledged part of a segment still being appended to). A missing file is an empty segment.
 */
export async function* readSegment(path: string, limit?: number): AsyncGenerator<WalRecord, SegmentEnd> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return { goodBytes: 0, size: 0 };
    throw error;
  }
  try {
    const size = limit ?? (await handle.stat()).size;
    const source = new ByteSource(handle, size);
    let position = 0;
    while (position < size) {
      const frame = await frameAt(source, position);
      if ('reason' in frame) {
        const followedByValidFrames = await anyFrameAfter(source, position + 1);
        return { goodBytes: position, size, bad: { reason: frame.reason, followedByValidFrames } };
      }
      yield frame.record;
      position += frame.bytes;
    }
    return { goodBytes: position, size };
  } finally {
    await handle.close();
  }
}
