/** Keys kept in files, so they stay out of the process list and can change while the module runs. */
import { readFileSync } from 'node:fs';

/**
 * The keys of a key file: one a line, blank lines and `#` comments skipped. Several keys allow a
 * rotation overlap. Throws, naming the file only, when it cannot be read or holds no key.
 * @example
 * const write = readKeyFile('/etc/sluice/audit-write.keys'); // ['new-key', 'old-key']
 */
export function readKeyFile(path: string): string[] {
  const keys = readText(path)
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  if (keys.length === 0) throw new Error(`the key file ${path} holds no key`);
  return keys;
}

/**
 * The chain secret of a file: its one non-comment line.
 * @example
 * const chainKey = readChainKeyFile('/etc/sluice/audit-chain.key');
 */
export function readChainKeyFile(path: string): string {
  const keys = readKeyFile(path);
  if (keys.length > 1) throw new Error(`the chain key file ${path} must hold one key; a chain is keyed with one secret`);
  return keys[0]!;
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`cannot read the key file ${path}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}`, {
      cause: error,
    });
  }
}
