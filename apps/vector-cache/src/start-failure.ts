/** Why a start-up step failed, in words; like every start-up error, without a stack. */

const REASONS: Readonly<Record<string, string>> = {
  EADDRINUSE: 'the address is already in use',
  EADDRNOTAVAIL: 'the address is not one of this machine',
  EACCES: 'permission denied',
  EEXIST: 'a file of that name is in the way',
  ENOTDIR: 'a part of the path is not a directory',
  EROFS: 'the file system is read-only',
};

/**
 * @example
 * reasonOf(Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' })); // 'the address is already in use'
 */
export function reasonOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  return (code === undefined ? undefined : REASONS[code]) ?? (error as Error).message;
}
