/**
 * Files that appear whole or not at all: written to a temp file in the same directory, fsynced, renamed
 * over the target, and the directory fsynced so the rename itself survives a power loss.
 */
import { randomBytes } from 'node:crypto';
import { open, rename, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { PRIVATE_FILE_MODE } from './file-modes.js';

/**
 * Every temp file name starts with `.` and contains this marker, so a start-up can find leftovers.
 * @example
 * tempPathFor('/data/vcal.index', 'payload'); // '/data/.vcal.index' + TEMP_MARKER + 'payload'
 */
export const TEMP_MARKER = '.tmp-';

/**
 * A fresh temp path beside `target`: `.<name>.tmp-<pid>-<random>` (or `.<name>.tmp-<tag>` when tagged).
 * @example
 * tempPathFor('/data/vcal.index'); // '/data/.vcal.index.tmp-4242-9f86d081884c'
 * tempPathFor('/data/vcal.index', 'payload'); // '/data/.vcal.index.tmp-payload'
 */
export function tempPathFor(target: string, tag?: string): string {
  const suffix = tag ?? `${process.pid}-${randomBytes(6).toString('hex')}`;
  return join(dirname(target), `.${basename(target)}${TEMP_MARKER}${suffix}`);
}

/**
 * True for a file name written by {@link tempPathFor}.
 * @example
 * const leftovers = (await readdir(dir)).filter(isTempName); // removed at start-up
 */
export function isTempName(name: string): boolean {
  return name.startsWith('.') && name.includes(TEMP_MARKER);
}

/**
 * Makes the directory entries of `dir` (creations, renames, removals) durable.
 * @example
 * await rename(tmp, target);
 * await fsyncDirectory(dirname(target));
 */
export async function fsyncDirectory(dir: string): Promise<void> {
  // Windows cannot open a directory for syncing; NTFS journals renames itself.
  if (process.platform === 'win32') return;
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Writes all of `data`, looping over short writes; at `position`, or at the file's current offset when absent. */
export async function writeAll(handle: FileHandle, data: Uint8Array, position?: number): Promise<void> {
  let offset = 0;
  while (offset < data.byteLength) {
    const at = position === undefined ? null : position + offset;
    const { bytesWritten } = await handle.write(data, offset, data.byteLength - offset, at);
    offset += bytesWritten;
  }
}

/**
 * The streaming form of an atomic write: create, write in pieces, then `commit()` (fsync, rename, directory
 * fsync) or `abort()`. `seal()` and `rename()` are the two halves of `commit()` for callers that commit
 * several files together.
 * @example
 * const file = await AtomicFile.create('/data/vcal.index');
 * try {
 *   for await (const chunk of source) await file.write(chunk);
 *   await file.commit();
 * } catch (error) {
 *   await file.abort();
 *   throw error;
 * }
 */
export class AtomicFile {
  #bytes = 0;
  #sealed = false;

  private constructor(
    readonly target: string,
    readonly tempPath: string,
    readonly handle: FileHandle,
  ) {}

  /** Opens a new temp file for `target`; an existing file at `tempPath` is truncated. */
  static async create(target: string, tempPath: string = tempPathFor(target)): Promise<AtomicFile> {
    return new AtomicFile(target, tempPath, await open(tempPath, 'w', PRIVATE_FILE_MODE));
  }

  /** Bytes written so far (the file's size, as writes only append or overwrite). */
  get bytes(): number {
    return this.#bytes;
  }

  /** Appends `data`. */
  async write(data: string | Uint8Array): Promise<void> {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    await writeAll(this.handle, bytes, this.#bytes);
    this.#bytes += bytes.byteLength;
  }

  /** Overwrites bytes already written (e.g. a header reserved before its checksum was known). */
  async writeAt(position: number, data: Uint8Array): Promise<void> {
    if (position + data.byteLength > this.#bytes) throw new RangeError('writeAt past the written bytes');
    await writeAll(this.handle, data, position);
  }

  /** Fsyncs and closes the temp file; after this it can only be renamed or removed. */
  async seal(): Promise<void> {
    if (this.#sealed) return;
    this.#sealed = true;
    try {
      await this.handle.sync();
    } finally {
      await this.handle.close();
    }
  }

  /** Renames the sealed temp file over the target (the directory is not fsynced: see `commit`). */
  async rename(): Promise<void> {
    await this.seal();
    await rename(this.tempPath, this.target);
  }

  /** Seal, rename, fsync the directory: the target now durably holds the new content. */
  async commit(): Promise<void> {
    await this.rename();
    await fsyncDirectory(dirname(this.target));
  }

  /** Closes and removes the temp file; the target is untouched. Never throws. */
  async abort(): Promise<void> {
    if (!this.#sealed) {
      this.#sealed = true;
      await this.handle.close().catch(() => undefined);
    }
    await unlink(this.tempPath).catch(() => undefined);
  }
}

/**
 * Replaces `path` with `data` atomically and durably: readers see the old content or the new, never a mix,
 * and once this resolves the new content survives a crash.
 * @example
 * await writeFileAtomic('/data/license.json', JSON.stringify(license));
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const file = await AtomicFile.create(path);
  try {
    await file.write(data);
    await file.commit();
  } catch (error) {
    await file.abort();
    throw error;
  }
}
