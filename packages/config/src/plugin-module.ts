/** What a plugin package exports so that a config file can load it with a `plugin <package> { … }` block. */
import type { Plugin } from '@sluice/core';
import type { DirectiveSet, DirectiveValues } from './directive.js';

/**
 * The export name a plugin package's entry point must use.
 * @example
 * const module = (await import(packageName))[PLUGIN_MODULE_EXPORT] as PluginModule;
 */
export const PLUGIN_MODULE_EXPORT = 'sluicePlugin';

/**
 * What `create` receives besides the block's values, e.g. to resolve a path against the config file.
 * @example
 * import { dirname, resolve } from 'node:path';
 *
 * export const sluicePlugin = definePluginModule({
 *   name: 'topic-file-guard',
 *   directives: directivesOf(TopicFileOptionsSchema),
 *   // The plugin reads the file in start(): create does no I/O.
 *   create: (values, context) => {
 *     const options = optionsFromConfig(TopicFileOptionsSchema, values);
 *     return new TopicFileGuardPlugin({ ...options, path: resolve(dirname(context.file), options.path) });
 *   },
 * });
 */
export interface PluginModuleContext {
  /** The package name (or path) as written after `plugin` in the config file. */
  readonly packageName: string;
  /** The config file the block is in. */
  readonly file: string;
}

/**
 * The entry of a plugin package. `directives` is the schema of the package's block: the block is
 * checked against it with the same errors as any directive, at `--test-config` too; it is usually
 * derived from the plugin's options schema (`directivesOf`). `create` builds one plugin instance from
 * the block's values (`optionsFromConfig` turns them into options, defaults from the schema); it is
 * called at every start and reload, and once while the file is checked, so it must not do I/O (open
 * resources in the plugin's `start`).
 * @example
 * export const sluicePlugin = definePluginModule({
 *   name: 'topic-guard',
 *   directives: directivesOf(TopicGuardOptionsSchema),
 *   create: (values) => new TopicGuardPlugin(optionsFromConfig(TopicGuardOptionsSchema, values)),
 * });
 */
export interface PluginModule {
  /** Shown in errors and start-up summaries; usually the plugin's own `name`. */
  readonly name: string;
  /** The directives the block may contain. */
  readonly directives: DirectiveSet;
  create(values: DirectiveValues, context: PluginModuleContext): Plugin;
}

/**
 * Identity helper that types a plugin package's entry.
 * @example
 * export const sluicePlugin = definePluginModule({ name: 'hello', directives: {}, create: () => new HelloPlugin() });
 */
export function definePluginModule(module: PluginModule): PluginModule {
  return Object.freeze(module);
}

/** Whether a loaded export has the shape of a plugin module; returns the missing part, if any. */
export function pluginModuleProblem(candidate: unknown): string | undefined {
  if (candidate === null || typeof candidate !== 'object') return `it does not export ${PLUGIN_MODULE_EXPORT}`;
  const module = candidate as Partial<Record<keyof PluginModule, unknown>>;
  if (typeof module.name !== 'string' || module.name === '') return `${PLUGIN_MODULE_EXPORT}.name is not a non-empty string`;
  if (module.directives === null || typeof module.directives !== 'object')
    return `${PLUGIN_MODULE_EXPORT}.directives is not a directive set`;
  if (typeof module.create !== 'function') return `${PLUGIN_MODULE_EXPORT}.create is not a function`;
  return undefined;
}
