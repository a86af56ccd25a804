/** Write-ahead log segment files: `wal-<n>.log`, n zero-padded so names sort in order. */
import { readdir } from 'node:fs/promises';

const SEGMENT_NAME = /^wal-(\d+)\.log$/;

/**
 * The file name of a segment: `wal-`, the number zero-padded to ten digits, `.log`.
 * @example
 * segmentFileName(42); // 'wal-0000000042.log'
 */
export function segmentFileName(segment: number): string {
  return `wal-${String(segment).padStart(10, '0')}.log`;
}

/** The segment numbers present in `dir`, ascending. */
export async function listSegments(dir: string): Promise<number[]> {
  const numbers: number[] = [];
  for (const entry of await readdir(dir)) {
    const match = SEGMENT_NAME.exec(entry);
    if (match !== null) numbers.push(Number(match[1]));
  }
  return numbers.sort((a, b) => a - b);
}
