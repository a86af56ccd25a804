/** `${NAME}` and `${NAME:-default}` from the environment; `\$` in a quoted string stays a dollar. */
import { ConfigError, type Location } from './config-error.js';
import { LITERAL_DOLLAR } from './lexer.js';

/**
 * The variables `${NAME}` reads: `process.env` in a service, a plain object in a test, so a config is
 * checked against the environment it will run in.
 * @example
 * const env: Environment = { UPSTREAM_URL: 'http://127.0.0.1:11434' };
 */
export type Environment = Readonly<Record<string, string | undefined>>;

const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}|\$\{/g;

/**
 * Puts the environment into one word of config text. An unset or empty variable without a default is a
 * ConfigError at its position, so a missing secret stops the service at start and is never
 * sent upstream as an empty string.
 * @example
 * interpolate('${UPSTREAM_URL:-http://127.0.0.1:11434}/v1', process.env, statement.loc);
 */
export function interpolate(text: string, env: Environment, loc: Location): string {
  return text
    .replace(REFERENCE, (_match: string, name: string | undefined, fallback: string | undefined, offset: number) => {
      const at: Location = { ...loc, col: loc.col + offset };
      if (name === undefined) throw new ConfigError('malformed ${…}: expected ${NAME} or ${NAME:-default}', at);
      const value = env[name];
      if (value !== undefined && value !== '') return value;
      if (fallback !== undefined) return fallback;
      throw new ConfigError(`environment variable ${name} is not set (write \${${name}:-default} to give a default)`, at);
    })
    .replaceAll(LITERAL_DOLLAR, '$');
}
