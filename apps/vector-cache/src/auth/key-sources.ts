/** Reads the configured API keys of one kind from its two environment forms: an inline list and a file. */
import { readFileSync } from 'node:fs';

/** The environment variables that configure one kind of key. */
export interface KeySourceNames {
  readonly list: string;
  readonly file: string;
}

/**
 * The union of the keys in `names.list` (comma-separated) and in the file named by `names.file` (one key a line,
 * blank lines and `#` comment lines ignored). Throws an Error whose message starts with the variable at fault and
 * never contains a key.
 */
export function readKeys(env: Readonly<Record<string, string | undefined>>, names: KeySourceNames): Set<string> {
  const keys = new Set<string>();
  const list = env[names.list];
  if (list !== undefined) {
    list.split(',').forEach((item, index) => {
      const key = item.trim();
      if (key !== '') keys.add(checked(key, `${names.list}: item ${index + 1}`));
    });
  }
  const file = env[names.file]?.trim();
  // An empty value counts as unset: container tooling often exports variables it has no value for.
  if (file !== undefined && file !== '') {
    readKeyFile(file, names.file).forEach((key) => keys.add(key));
  }
  return keys;
}

function readKeyFile(file: string, variable: string): string[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`${variable}: cannot read ${file}: ${reasonOf(error)}`, { cause: error });
  }
  const keys: string[] = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    keys.push(checked(line, `${variable}: ${file} line ${index + 1}`));
  });
  return keys;
}

/** A key must travel intact in an HTTP header, so whitespace and control characters inside it are refused. */
function checked(key: string, where: string): string {
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f]/.test(key)) {
    throw new Error(`${where}: a key must not contain whitespace or control characters`);
  }
  return key;
}

function reasonOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES') return 'permission denied';
  if (code === 'EISDIR') return 'is a directory';
  return (error as Error).message;
}
