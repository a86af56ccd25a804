/** A save or load that the service's storage failed (a full or read-only disk, an I/O error): 503, and logged. */
import { access, constants, statfs } from 'node:fs/promises';
import path from 'node:path';
import { ServiceError } from './service-error.js';

/** Errno codes of a disk failing under a save or load, in words. */
export const DISK_FAULTS: Readonly<Record<string, string>> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the file system is read-only',
  EIO: 'the disk reported an I/O error',
  EFBIG: 'the file would be larger than the file system allows',
};

/**
 * Not the client's mistake and not a bug: the client may retry once an operator has made room, so the
 * error envelope logs it as one line naming the operation and the reason, without a stack.
 * @example
 * throw new StorageFailure('answers save to path "exports/answers.json"', 'the disk is full (ENOSPC)', error);
 */
export class StorageFailure extends ServiceError {
  constructor(operation: string, reason: string, cause: unknown) {
    super('UNAVAILABLE', `${operation} failed: ${reason}`, undefined, { cause });
    this.name = 'StorageFailure';
  }
}

/** The errno code of `error` or of the first error in its `cause` chain that has one. */
export function errnoIn(error: unknown): string | undefined {
  let current = error;
  // The store wraps system errors in its own, once or twice; a bound keeps a cyclic chain from hanging.
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z0-9]+$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Why writes fail in `dir`, for failures that carry no errno (hnswlib reports a short index file, not
 * ENOSPC): the disk holding it is full or read-only. Undefined when neither is so.
 * @example
 * await diskStateAt('/var/lib/svc'); // 'the disk is full'
 */
export async function diskStateAt(dir: string): Promise<string | undefined> {
  const existing = await nearestExisting(dir);
  const stats = await statfs(existing).catch(() => undefined);
  if (stats !== undefined && stats.bavail === 0) return DISK_FAULTS['ENOSPC'];
  const writable = await access(existing, constants.W_OK).then(
    () => undefined,
    (error: unknown) => errnoIn(error),
  );
  return writable === 'EROFS' ? DISK_FAULTS['EROFS'] : undefined;
}

async function nearestExisting(dir: string): Promise<string> {
  let current = dir;
  for (;;) {
    const found = await access(current).then(
      () => true,
      () => false,
    );
    const parent = path.dirname(current);
    if (found || parent === current) return current;
    current = parent;
  }
}
