/** Scratch directories, payload files and error checks shared by the persistence tests. */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VectorStoreError } from '@sluice/vector-store';

/** Runs `work` in a fresh directory under the OS temp dir, removed afterwards. */
export async function withTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'sluice-persistence-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A file of `bytes` random bytes (standing in for an index's own bytes, which the envelope treats as opaque). */
export async function randomFile(path: string, bytes: number): Promise<Buffer> {
  const data = randomBytes(bytes);
  await writeFile(path, data);
  return data;
}

/** Flips one bit of the byte at `offset` (negative: from the end). */
export async function flipBit(path: string, offset: number): Promise<void> {
  const data = await readFile(path);
  const at = offset < 0 ? data.byteLength + offset : offset;
  data[at] = data[at]! ^ 0x10;
  await writeFile(path, data);
}

/** Asserts a `failed_precondition` whose message names `file` and matches `reason`. */
export async function rejectsNaming(promise: Promise<unknown>, file: string, reason: RegExp): Promise<void> {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof VectorStoreError, `expected a VectorStoreError, got ${String(error)}`);
    assert.equal(error.code, 'failed_precondition');
    assert.ok(error.message.startsWith(`${file}: `), `"${error.message}" does not start with the file name ${file}`);
    assert.match(error.message, reason);
    return true;
  });
}
