/** Resolves a client-given snapshot or answers path, keeping it inside the data directory. */
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { ServiceError } from './service-error.js';

export interface PathPolicy {
  readonly dataDir: string;
  readonly allowAbsolutePaths: boolean;
}

/**
 * A relative path resolves inside the data directory; one that leaves it (by `..` or through a
 * symlink) is refused, and an absolute path only passes when `SVC_ALLOW_ABSOLUTE_PATHS=1`.
 * @example
 * await resolveSnapshotPath({ dataDir: '/var/lib/svc', allowAbsolutePaths: false }, 'backups/vcal.index');
 * // '/var/lib/svc/backups/vcal.index'
 */
export async function resolveSnapshotPath(policy: PathPolicy, given: string): Promise<string> {
  if (given.includes('\0')) throw refused(given, 'contains a NUL byte');
  // Where a path really goes (symlinks resolved) is what is returned: callers compare it with the data
  // directory to keep exports off its own files, which a link back into it would otherwise get past.
  if (path.isAbsolute(given)) {
    if (!policy.allowAbsolutePaths) throw refused(given, 'is absolute; set SVC_ALLOW_ABSOLUTE_PATHS=1 to allow that');
    return realpathOfNearest(path.normalize(given));
  }
  const root = await realpath(policy.dataDir);
  const target = path.resolve(root, given);
  if (!inside(root, target)) throw refused(given, 'leaves the data directory');
  // The nearest existing ancestor decides where the path really goes, symlinks included.
  const real = await realpathOfNearest(target);
  if (!inside(root, real)) throw refused(given, 'leaves the data directory through a symbolic link');
  return real;
}

function inside(root: string, target: string): boolean {
  const relative = path.relative(root, target);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

async function realpathOfNearest(target: string): Promise<string> {
  let current = target;
  const rest: string[] = [];
  for (;;) {
    try {
      return path.join(await realpath(current), ...rest.reverse());
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return target;
      rest.push(path.basename(current));
      current = parent;
    }
  }
}

/** File-system refusals caused by what a client's path names, in words. */
const PATH_FAULTS: Readonly<Record<string, string>> = {
  ENOTDIR: 'a part of it is a file, not a directory',
  // What mkdir -p answers when a part of the path is a file.
  EEXIST: 'a part of it is a file, not a directory',
  EISDIR: 'it names a directory',
  ELOOP: 'it goes round a loop of symbolic links',
  ENAMETOOLONG: 'it is too long for the file system',
};

/**
 * Runs a save or load at a client's path. The file system refusing the path itself is the client's
 * mistake, not a fault of the service: a save answers 400 (nothing can be written there), a load 412 (no
 * file can be read there, like a missing one). Any other failure is passed on as it is.
 * @example
 * await atClientPath('backups/vcal.index', 'save', () => store.saveSnapshot({ dir, indexName }));
 */
export async function atClientPath<T>(given: string, use: 'save' | 'load', operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    const why = PATH_FAULTS[(error as NodeJS.ErrnoException | undefined)?.code ?? ''];
    if (why === undefined) throw error;
    const shown = JSON.stringify(given.slice(0, 256));
    if (use === 'save') throw new ServiceError('INVALID_ARGUMENT', `path ${shown} cannot be written: ${why}`, { field: 'path' });
    throw new ServiceError('FAILED_PRECONDITION', `path ${shown} cannot be read: ${why}`, { field: 'path' });
  }
}

function refused(given: string, why: string): ServiceError {
  return new ServiceError('INVALID_ARGUMENT', `path ${JSON.stringify(given.slice(0, 256))} ${why}`, { field: 'path' });
}
