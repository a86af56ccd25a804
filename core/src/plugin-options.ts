/** The validation of plugin options: a plugin's constructor refuses bad options at once. */
import type { Static, TSchema } from 'typebox';
import Value from 'typebox/value';
import { deepFreeze } from './deep-freeze.js';

/**
 * Plugin options that failed their schema; names the plugin and every bad field path. `validateOptions`
 * throws it, so a plugin's constructor refuses bad options at once.
 * @example
 * const Options = Type.Object({ ttlSeconds: Type.Number({ default: 3600 }) }, { additionalProperties: false });
 * try {
 *   validateOptions('faq-cache', Options, { ttl: 60 });
 * } catch (error) {
 *   // faq-cache: invalid options: ttl must not have additional properties
 *   if (error instanceof PluginOptionsError) console.error(error.message, error.problems);
 * }
 */
export class PluginOptionsError extends Error {
  constructor(
    readonly plugin: string,
    readonly problems: readonly { path: string; message: string }[],
  ) {
    super(`${plugin}: invalid options: ${problems.map((p) => `${p.path || '(root)'} ${p.message}`).join('; ')}`);
    this.name = 'PluginOptionsError';
  }
}

/**
 * Applies the schema's defaults, then checks; unknown keys are errors, never dropped.
 * Returns a deep-frozen copy.
 * @example
 * const Options = Type.Object({ ttlSeconds: Type.Number({ default: 86400, minimum: 0 }) }, { additionalProperties: false });
 * const options = validateOptions('exact-cache', Options, { ttlSeconds: 60 });
 */
export function validateOptions<S extends TSchema>(plugin: string, schema: S, input: unknown): Readonly<Static<S>> {
  const value = Value.Default(schema, structuredClone(input ?? {}));
  const problems = [...Value.Errors(schema, value)]
    .filter((e) => e.keyword !== 'boolean')
    .map((e) => ({ path: describePath(e.instancePath, e.params), message: e.message }));
  if (problems.length > 0) throw new PluginOptionsError(plugin, problems);
  return deepFreeze(value) as Readonly<Static<S>>;
}

function describePath(instancePath: string, params: unknown): string {
  const extra = (params as { additionalProperties?: unknown } | undefined)?.additionalProperties;
  const base = instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (Array.isArray(extra) && extra.length > 0) {
    return extra.map((key) => (base ? `${base}.${String(key)}` : String(key))).join(', ');
  }
  return base;
}
