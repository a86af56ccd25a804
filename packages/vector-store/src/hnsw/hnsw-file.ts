/**
 * Reads hnswlib's index file without hnswlib: its header (hnswlib does not store dims and loads a file of
 * other dims without complaint) and each element's label and delete mark (hnswlib-node cannot report marks).
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { VectorStoreError } from '../vector-store-error.js';

/** Eleven 8-byte fields, two 4-byte fields and a double, as hnswlib 0.8 `saveIndex` writes them. */
export const HNSW_HEADER_BYTES = 96;
const FLOAT = 4;
const LABEL = 8;
/** hnswlib keeps the delete mark in bit 0 of the third byte of an element's level-0 link list header. */
const DELETE_MARK_BYTE = 2;
const DELETE_MARK = 0x01;
const SCAN_CHUNK = 1 << 20;

export interface HnswFileHeader {
  readonly dims: number;
  /** Capacity the index was saved with. */
  readonly maxElements: number;
  /** Elements in the file, deleted ones included. */
  readonly count: number;
  readonly M: number;
  readonly efConstruction: number;
  readonly bytesPerElement: number;
  readonly labelOffset: number;
  readonly fileBytes: number;
}

export interface HnswFileElements {
  readonly active: number[];
  readonly deleted: number[];
}

function corrupt(file: string, reason: string): VectorStoreError {
  return new VectorStoreError('failed_precondition', `${file}: not a readable hnswlib index (${reason})`);
}

function u64(bytes: Buffer, offset: number, file: string): number {
  const value = bytes.readBigUInt64LE(offset);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw corrupt(file, `field at byte ${offset} is ${value}`);
  return Number(value);
}

/** The header of an hnswlib index file; `failed_precondition` when the file is missing, short or inconsistent. */
export async function readHnswFileHeader(file: string): Promise<HnswFileHeader> {
  const bytes = Buffer.alloc(HNSW_HEADER_BYTES);
  let fileBytes: number;
  try {
    const handle = await open(file, 'r');
    try {
      fileBytes = (await handle.stat()).size;
      await handle.read(bytes, 0, HNSW_HEADER_BYTES, 0);
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw new VectorStoreError(
      'failed_precondition',
      `${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
      {
        cause: error,
      },
    );
  }
  if (fileBytes < HNSW_HEADER_BYTES) throw corrupt(file, `${fileBytes} bytes, shorter than the header`);
  const level0Offset = u64(bytes, 0, file);
  const maxElements = u64(bytes, 8, file);
  const count = u64(bytes, 16, file);
  const bytesPerElement = u64(bytes, 24, file);
  const labelOffset = u64(bytes, 32, file);
  const dataOffset = u64(bytes, 40, file);
  const M = u64(bytes, 72, file);
  const efConstruction = u64(bytes, 88, file);
  const dataBytes = labelOffset - dataOffset;
  if (level0Offset !== 0 || dataBytes <= 0 || dataBytes % FLOAT !== 0 || bytesPerElement !== labelOffset + LABEL) {
    throw corrupt(file, 'inconsistent element layout');
  }
  if (count > maxElements || HNSW_HEADER_BYTES + count * bytesPerElement > fileBytes) {
    throw corrupt(file, `${count} elements do not fit in ${fileBytes} bytes`);
  }
  return { dims: dataBytes / FLOAT, maxElements, count, M, efConstruction, bytesPerElement, labelOffset, fileBytes };
}

/** Every element's label, split by its delete mark; streams the base layer, never holding it whole. */
export async function readHnswFileElements(file: string, header: HnswFileHeader): Promise<HnswFileElements> {
  const active: number[] = [];
  const deleted: number[] = [];
  const size = header.bytesPerElement;
  if (header.count === 0) return { active, deleted };
  const stream = createReadStream(file, {
    start: HNSW_HEADER_BYTES,
    end: HNSW_HEADER_BYTES + header.count * size - 1,
    highWaterMark: Math.max(SCAN_CHUNK, size),
  });
  let carry: Buffer = Buffer.alloc(0);
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const bytes = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
    let offset = 0;
    for (; offset + size <= bytes.length; offset += size) {
      const label = u64(bytes, offset + header.labelOffset, file);
      ((bytes[offset + DELETE_MARK_BYTE]! & DELETE_MARK) === 0 ? active : deleted).push(label);
    }
    carry = bytes.subarray(offset);
  }
  if (carry.length > 0 || active.length + deleted.length !== header.count) {
    throw corrupt(file, `expected ${header.count} elements, read ${active.length + deleted.length}`);
  }
  return { active, deleted };
}
