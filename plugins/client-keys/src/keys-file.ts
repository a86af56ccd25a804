/**
 * A keys file: `client_key <id> sha256:<hex> { … }` statements and nothing else, in the config language.
 * It is read when the plugin starts, so a reload (SIGHUP builds new plugins) reads it again.
 */
import { readFile } from 'node:fs/promises';
import {
  ConfigError,
  ConfigErrors,
  directivesOf,
  optionsFromConfig,
  parseConfig,
  resolveConfig,
  type Statement,
} from '@sluice/config';
import Value from 'typebox/value';
import { HASH_PATTERN, KeySettingsSchema, NAME_PATTERN, type ClientKeyEntry, type KeySettings } from './options.js';

const STATEMENT = 'client_key';
const ID = new RegExp(NAME_PATTERN);
const HASH = new RegExp(HASH_PATTERN);

/**
 * The keys of a keys file; throws a ConfigErrors whose every line starts `file:line:col:`.
 * @example
 * const keys = await readKeysFile('/etc/sluice/keys.conf');
 */
export async function readKeysFile(file: string): Promise<ClientKeyEntry[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new ConfigError(`client_keys_file ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  return parseKeys(text, file);
}

/**
 * The keys of keys-file text (no `${ENV}` is read: a keys file names no secret).
 * @example
 * parseKeys('client_key billing-app sha256:… { tenant acme; }', 'keys.conf');
 */
export function parseKeys(text: string, file: string): ClientKeyEntry[] {
  const doc = parseConfig(text, { file, env: {} });
  const errors: ConfigError[] = [];
  const keys: ClientKeyEntry[] = [];
  for (const statement of doc.statements) {
    try {
      keys.push(keyOf(statement, file));
    } catch (error) {
      if (error instanceof ConfigErrors) errors.push(...error.errors);
      else if (error instanceof ConfigError) errors.push(error);
      else throw error;
    }
  }
  const duplicate = duplicateKey(keys);
  if (duplicate !== undefined) errors.push(new ConfigError(duplicate));
  if (errors.length > 0) throw new ConfigErrors(errors);
  return keys;
}

/**
 * The first id or hash two keys share, as a sentence; undefined when every key is unique.
 * @example
 * const problem = duplicateKey([...options.keys, ...fileKeys]);
 */
export function duplicateKey(keys: readonly ClientKeyEntry[]): string | undefined {
  const ids = new Set<string>();
  const hashes = new Set<string>();
  for (const { id, hash } of keys) {
    if (ids.has(id)) return `client key id "${id}" is defined twice`;
    if (hashes.has(hash)) return `client key "${id}" has the hash of another key`;
    ids.add(id);
    hashes.add(hash);
  }
  return undefined;
}

function keyOf(statement: Statement, file: string): ClientKeyEntry {
  if (statement.name !== STATEMENT) {
    throw new ConfigError(`a keys file holds only ${STATEMENT} statements, found "${statement.name}"`, statement.loc);
  }
  const [id, hash, ...extra] = statement.args;
  if (id === undefined || hash === undefined || extra.length > 0) {
    throw new ConfigError(`${STATEMENT} takes 2 words: <id> <sha256:hex> (found ${statement.args.length})`, statement.loc);
  }
  if (!ID.test(id.value)) throw new ConfigError(`${STATEMENT}: id must match ${NAME_PATTERN}`, id.loc);
  // Never echo the word: a key pasted where its hash belongs must not reach a log.
  if (!HASH.test(hash.value)) {
    throw new ConfigError(`${STATEMENT} ${id.value}: the second word must be the key's sha256:<64 hex>, never the key`, hash.loc);
  }
  const values = resolveConfig({ file, statements: statement.block ?? [] }, [directivesOf(KeySettingsSchema)]);
  const settings = optionsFromConfig(KeySettingsSchema, values) as KeySettings;
  const problem = [...Value.Errors(KeySettingsSchema, settings)][0];
  if (problem !== undefined)
    throw new ConfigError(`${STATEMENT} ${id.value}: ${problem.instancePath} ${problem.message}`, statement.loc);
  return { id: id.value, hash: hash.value, settings };
}
