/** The plugin contract and the validation of plugin options. */
import type { Static, TSchema } from 'typebox';
import Value from 'typebox/value';
import type { ErrorTable } from './errors.js';
import type { Kernel } from './kernel.js';
import { deepFreeze } from './deep-freeze.js';

/**
 * A feature of the gateway. `apply` only taps hooks (no I/O); resources are opened in `start`
 * and closed in `stop`, which the kernel calls in the order plugins were added (stop in reverse).
 * @example
 * class HelloPlugin implements Plugin {
 *   readonly name = 'hello';
 *   apply(kernel: Kernel) {
 *     kernel.hooks.preGuard.tapPromise({ name: this.name, stage: Stage.USAGE }, async () => undefined);
 *   }
 * }
 */
export interface Plugin {
  readonly name: string;
  /** Names of plugins that must be added before this one. */
  readonly dependencies?: readonly string[];
  /** The error codes this plugin answers with besides the kernel's, as `defineErrors` returned them. */
  readonly errors?: ErrorTable;
  apply(kernel: Kernel): void;
  start?(): Promise<void>;
  stop?(): Promise<void>;
  /** State of the external dependencies this plugin talks to, for `/startupz` and `/readyz`. */
  health?(): readonly DependencyHealth[];
}

/**
 * One external dependency of a plugin, as the probes see it. Only readiness-required ones count:
 * `/startupz` waits until each is initialised, `/readyz` fails while one is down.
 * @example
 * class FaqCachePlugin implements Plugin {
 *   readonly name = 'faq-cache';
 *   #up = false;
 *   apply(): void {}
 *   health(): readonly DependencyHealth[] {
 *     const up = this.#up;
 *     return [{ name: 'kv', readinessRequired: true, initialised: true, up, ...(up ? {} : { reason: 'no reply to PING' }) }];
 *   }
 * }
 */
export interface DependencyHealth {
  /** e.g. `kv`, or the name of a store or a remote module. */
  readonly name: string;
  /** Whether the instance should stop taking traffic while this dependency is down. */
  readonly readinessRequired: boolean;
  /** It was initialised in this process (false: a no-op stand-in is installed until restart). */
  readonly initialised: boolean;
  /** It answers now. */
  readonly up: boolean;
  /** Why it is down or not initialised; never a secret. */
  readonly reason?: string;
}

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
