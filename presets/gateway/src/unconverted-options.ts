/**
 * Plugins whose options schema does not yet carry its directives (no `enabledBy` keyword) are still read
 * through their own `…Directives` set and `…OptionsFromConfig` function. Looked up by name so that a plugin
 * switching to the schema keywords (and dropping those names) needs no change here. This file goes once
 * every plugin of the preset declares its options in its schema.
 */
import { directivesOf, optionSetKeywords, type DirectiveSet, type DirectiveValues } from '@sluice/config';
import type { TSchema } from 'typebox';

/** A plugin package's exports, seen by name. */
export type PackageExports = Readonly<Record<string, unknown>>;

/** Whether the schema declares its directives (and its `…_enabled` switch) itself. */
export function declaresDirectives(schema: TSchema): boolean {
  return optionSetKeywords(schema).enabledBy !== undefined;
}

/** The schema's directive set, or the package's own `…Directives` while it has not switched. */
export function directiveSetOf(schema: TSchema, exports: PackageExports, legacyName: string): DirectiveSet {
  if (declaresDirectives(schema)) return directivesOf(schema);
  return exports[legacyName] as DirectiveSet;
}

/** The package's `…OptionsFromConfig(config)`: its options, or undefined when the file does not enable it. */
export function legacyOptions(exports: PackageExports, name: string, config: DirectiveValues): unknown {
  return (exports[name] as (config: DirectiveValues) => unknown)(config);
}

/** The package's own consistency check over directives, when it exports one. */
export function legacyProblem(exports: PackageExports, name: string, config: DirectiveValues): string | undefined {
  const check = exports[name] as ((config: DirectiveValues) => string | undefined) | undefined;
  return check?.(config);
}
