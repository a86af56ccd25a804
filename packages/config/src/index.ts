/** @sluice/config: the config language: lexer, parser, directive sets derived from options schemas, resolution with file:line:col errors, the printer with secret masking, and `plugin` blocks. */
export { ConfigError, ConfigErrors, type Location, byPosition, formatLocation } from './config-error.js';
export {
  defineDirectives,
  type ArgSpec,
  type ArgUnit,
  type DirectiveBlock,
  type DirectiveSet,
  type DirectiveSpec,
  type DirectiveValues,
} from './directive.js';
export { ResolvedConfig, type PluginBlock, type ResolvedEntry } from './resolved-config.js';
export {
  directive,
  inherits,
  optionSet,
  optionKeywords,
  optionSetKeywords,
  type DirectiveKeywords,
  type EnabledBy,
  type OptionKeywords,
  type OptionSetKeywords,
} from './option-keywords.js';
export {
  directivesOf,
  schemaOptions,
  type DirectiveOption,
  type InheritedOption,
  type SchemaOptions,
} from './schema-directives.js';
export { configOptionsProblem, enabledInConfig, optionsFromConfig } from './options-from-config.js';
export { optionsFromText } from './options-from-text.js';
export { directiveValuesOf, optionsProblem, withInherited } from './options-inheritance.js';
export { directiveTable } from './directive-reference.js';
export { loadPluginBlocks, PLUGIN_BLOCK, type PluginBlocksOptions, type PluginBlocksResult } from './plugin-blocks.js';
export { definePluginModule, PLUGIN_MODULE_EXPORT, type PluginModule, type PluginModuleContext } from './plugin-module.js';
export { interpolate, type Environment } from './interpolate.js';
export { tokenize, type Token, type TokenKind } from './lexer.js';
export { parseConfig, type Arg, type ConfigDocument, type ParseOptions, type Statement } from './parser.js';
export { printConfig, MASK } from './printer.js';
export { mergeDirectiveSets, resolveConfig } from './resolve.js';
export { distance, suggestName } from './suggest.js';
