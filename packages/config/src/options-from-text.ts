/** Reads config text written in one options schema's directives alone, e.g. a keys file of `client_key` statements. */
import type { Static, TSchema } from 'typebox';
import { ConfigError, ConfigErrors } from './config-error.js';
import { optionsFromConfig } from './options-from-config.js';
import { parseConfig, type ParseOptions } from './parser.js';
import { resolveConfig } from './resolve.js';
import { directivesOf } from './schema-directives.js';

/**
 * The options a text written only in `schema`'s directives sets: parsed, resolved against that schema's
 * directives alone (any other directive is unknown there), defaults applied. A file that holds part of the
 * configuration, such as a keys file apart from gateway.conf, is read this way. Every problem, syntax ones
 * included, is thrown as one ConfigErrors; a problem of the options as a whole (a required directive not
 * written, the schema's own check) names the file.
 * @example
 * const KeysFileSchema = Type.Object({
 *   clientKeys: Type.Array(Type.Object({ id: Type.String({ word: 'id' }), hash: Type.String({ word: 'sha256:<hex>' }), settings: KeySettingsSchema }), {
 *     default: [],
 *     ...directive('client_key', { summary: 'A client key and its settings.', block: 'settings' }),
 *   }),
 * });
 * const file = 'keys.conf';
 * const { clientKeys } = optionsFromText(KeysFileSchema, await readFile(file, 'utf8'), { file });
 */
export function optionsFromText<S extends TSchema>(schema: S, text: string, options: ParseOptions): Static<S> {
  try {
    return optionsFromConfig(schema, resolveConfig(parseConfig(text, options), [directivesOf(schema)]));
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // Syntax problems carry their position; problems of the options as a whole carry none, so they name the file.
    throw new ConfigErrors([error.loc === undefined ? new ConfigError(`${options.file}: ${error.reason}`) : error]);
  }
}
