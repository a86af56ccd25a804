/**
 * A keys file: `client_key <id> sha256:<hex> { … }` statements and nothing else, in the config language.
 * It is read when the plugin starts, so a reload (SIGHUP builds new plugins) reads it again.
 */
import { readFile } from 'node:fs/promises';
import { ConfigError, ConfigErrors, optionsFromText } from '@sluice/config';
import Type from 'typebox';
import { ClientKeysOptionsSchema, type ClientKeyEntry } from './options.js';

/** The one directive a keys file may hold, declared where the gateway's config declares it. */
const KeysFileSchema = Type.Object({ keys: ClientKeysOptionsSchema.properties.keys }, { additionalProperties: false });

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
  try {
    return [...optionsFromText(KeysFileSchema, text, { file, env: {} }).keys];
  } catch (error) {
    if (error instanceof ConfigError) throw new ConfigErrors([error]);
    throw error;
  }
}
