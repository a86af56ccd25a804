/** The nginx-style configuration language. */
export { byPosition, ConfigError, ConfigErrors, formatLocation, type Location } from './config-error.js';
export {
  defineDirectives,
  type ArgSpec,
  type ArgUnit,
  type DirectiveSet,
  type DirectiveSpec,
  type DirectiveValues,
} from './directive.js';
export { interpolate, type Environment } from './interpolate.js';
export { tokenize, type Token, type TokenKind } from './lexer.js';
export { parseConfig, type Arg, type ConfigDocument, type ParseOptions, type Statement } from './parser.js';
export { printConfig, MASK } from './printer.js';
export { mergeDirectiveSets, resolveConfig } from './resolve.js';
export { ResolvedConfig, type ResolvedEntry } from './resolved-config.js';
export { distance, suggestName } from './suggest.js';
export { definePluginModule, PLUGIN_MODULE_EXPORT, type PluginModule, type PluginModuleContext } from './plugin-module.js';
export {
  loadPluginBlocks,
  PLUGIN_BLOCK,
  type PluginBlock,
  type PluginBlocksOptions,
  type PluginBlocksResult,
} from './plugin-blocks.js';
