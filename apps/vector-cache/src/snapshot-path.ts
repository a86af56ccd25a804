/** Resolves a client-given snapshot or answers path, keeping it inside the data directory. */
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { ServiceError, type ServiceErrorCode } from './service-error.js';

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
  if (given.includes('\0')) throw pathRefusal(given, 'contains a NUL byte');
  // Resolving drops a trailing "/": without this check "backups/" would save a file named backups.
  if (/(^|\/)\.?$/.test(given) && given !== '.') {
    throw pathRefusal(given, `ends in "${given.endsWith('.') ? '/.' : '/'}", so it names a directory; name a file in it`);
  }
  // Where a path really goes (symlinks resolved) is what is returned: callers compare it with the data
  // directory to keep exports off its own files, which a link back into it would otherwise get past.
  if (path.isAbsolute(given)) {
    if (!policy.allowAbsolutePaths) throw pathRefusal(given, 'is absolute; set SVC_ALLOW_ABSOLUTE_PATHS=1 to allow that');
    return realpathOfNearest(path.normalize(given));
  }
  const root = await realpath(policy.dataDir);
  const target = path.resolve(root, given);
  if (target === root) throw pathRefusal(given, 'is the data directory itself; name a file in it');
  if (!inside(root, target)) throw pathRefusal(given, 'leaves the data directory');
  // The nearest existing ancestor decides where the path really goes, symlinks included.
  const real = await realpathOfNearest(target);
  if (real === root) throw pathRefusal(given, 'leads back to the data directory itself through a symbolic link');
  if (!inside(root, real)) throw pathRefusal(given, 'leaves the data directory through a symbolic link');
  return real;
}

/**
 * A refusal of the `path` field, showing the path as the client gave it (cut to 256 characters).
 * @example
 * throw pathRefusal('backups', 'is a directory; name a file in it', 'FAILED_PRECONDITION');
 */
export function pathRefusal(given: string, why: string, code: ServiceErrorCode = 'INVALID_ARGUMENT'): ServiceError {
  return new ServiceError(code, `path ${JSON.stringify(given.slice(0, 256))} ${why}`, { field: 'path' });
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
