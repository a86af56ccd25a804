/**
 * One write-ahead log record on disk: u32 LE frame length (the bytes after it), u32 LE CRC32 of the rest,
 * u32 LE JSON length, the JSON meta, then an optional vector as Float32 LE.
 */
import { crc32 } from 'node:zlib';
import { VectorStoreError } from '../vector-store-error.js';

/**
 * A record as appended and replayed. The vector comes back at float32 precision.
 * @example
 * for await (const record of wal.replay(0)) {
 *   const { meta, vector }: WalRecord = record;
 *   if (meta.op === 'delete') await store.delete(meta.id as number);
 * }
 */
export interface WalRecord {
  readonly meta: Record<string, unknown>;
  readonly vector?: number[];
}

/** Length, CRC and JSON length: the fixed part of a frame. */
export const FRAME_HEADER_BYTES = 12;
/** The smallest frame: the fixed part and `{}`. */
export const MIN_FRAME_BYTES = FRAME_HEADER_BYTES + 2;
/** A frame longer than this is refused on append and taken for garbage on replay. */
export const MAX_FRAME_BYTES = 64 * 1024 * 1024;

/** Encodes one record; a meta that is not a JSON object, or a frame too large, is `invalid_argument`. */
export function encodeFrame(meta: object, vector?: readonly number[]): Buffer {
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) {
    throw new VectorStoreError('invalid_argument', 'a write-ahead log record meta must be a JSON object');
  }
  let text: string;
  try {
    text = JSON.stringify(meta);
  } catch (error) {
    throw new VectorStoreError('invalid_argument', 'a write-ahead log record meta must be serialisable as JSON', {
      cause: error,
    });
  }
  const jsonBytes = Buffer.byteLength(text, 'utf8');
  const vectorBytes = (vector?.length ?? 0) * 4;
  const total = FRAME_HEADER_BYTES + jsonBytes + vectorBytes;
  if (total > MAX_FRAME_BYTES) {
    throw new VectorStoreError('invalid_argument', `a write-ahead log record of ${total} bytes exceeds ${MAX_FRAME_BYTES}`);
  }
  const frame = Buffer.allocUnsafe(total);
  frame.writeUInt32LE(total - 4, 0);
  frame.writeUInt32LE(jsonBytes, 8);
  frame.write(text, FRAME_HEADER_BYTES, 'utf8');
  let at = FRAME_HEADER_BYTES + jsonBytes;
  for (const value of vector ?? []) at = frame.writeFloatLE(value, at);
  frame.writeUInt32LE(crc32(frame.subarray(8)), 4);
  return frame;
}

/** The frame length a frame starting with `prefix` announces, or why it cannot be a frame. */
export function frameLengthOf(prefix: Buffer): number | string {
  const length = prefix.readUInt32LE(0) + 4;
  if (length < MIN_FRAME_BYTES || length > MAX_FRAME_BYTES) return `frame length ${length - 4} is implausible`;
  return length;
}

/** Decodes a whole frame (length field included), or says why it is not a valid one. */
export function decodeFrame(frame: Buffer): WalRecord | string {
  const stored = frame.readUInt32LE(4);
  if (crc32(frame.subarray(8)) !== stored) return 'CRC mismatch';
  const jsonBytes = frame.readUInt32LE(8);
  const vectorBytes = frame.byteLength - FRAME_HEADER_BYTES - jsonBytes;
  if (vectorBytes < 0 || vectorBytes % 4 !== 0) return `JSON length ${jsonBytes} does not fit the frame`;
  let meta: unknown;
  try {
    meta = JSON.parse(frame.toString('utf8', FRAME_HEADER_BYTES, FRAME_HEADER_BYTES + jsonBytes));
  } catch {
    return 'meta is not JSON';
  }
  if (typeof meta !== 'object' || meta === null || Array.isArray(meta)) return 'meta is not a JSON object';
  if (vectorBytes === 0) return { meta: meta as Record<string, unknown> };
  const vector = new Array<number>(vectorBytes / 4);
  for (let i = 0, at = FRAME_HEADER_BYTES + jsonBytes; i < vector.length; i += 1, at += 4) vector[i] = frame.readFloatLE(at);
  return { meta: meta as Record<string, unknown>, vector };
}
