/** Loads the `plugin <package> { … }` blocks of a config document and checks each block against its package's schema. */
import { dirname, resolve } from 'node:path';
import { ConfigError, ConfigErrors } from './config-error.js';
import type { ConfigDocument, Statement } from './parser.js';
import { importPluginPackage } from './plugin-import.js';
import { PLUGIN_MODULE_EXPORT, pluginModuleProblem, type PluginModule } from './plugin-module.js';
import { resolveConfig } from './resolve.js';
import type { PluginBlock, ResolvedConfig } from './resolved-config.js';

/**
 * The block directive's name: the host's own directive sets must not declare it, and a tool that walks a
 * document tells plugin blocks apart by it.
 * @example
 * const pluginStatements = doc.statements.filter((statement) => statement.name === PLUGIN_BLOCK);
 */
export const PLUGIN_BLOCK = 'plugin';

/**
 * What `loadPluginBlocks` found: the plugin blocks that loaded, the rest of the document for the host, and
 * the problems, returned rather than thrown so they are reported with the host's own in one pass.
 * @example
 * const { rest, blocks, errors }: PluginBlocksResult = await loadPluginBlocks(doc);
 */
export interface PluginBlocksResult {
  /** The document without its `plugin` statements, for the host's own directive sets. */
  readonly rest: ConfigDocument;
  readonly blocks: readonly PluginBlock[];
  /** Every problem found; the caller reports them with its own. */
  readonly errors: readonly ConfigError[];
}

/**
 * How `loadPluginBlocks` finds plugin packages; a test or a tool that reads a config from elsewhere
 * points it at the folder the packages are installed for.
 * @example
 * const options: PluginBlocksOptions = { baseDir: process.cwd() };
 */
export interface PluginBlocksOptions {
  /** Where package names and paths are resolved from; defaults to the config file's folder. */
  readonly baseDir?: string;
}

/**
 * Imports the package of every `plugin <package> { … }` block and checks the block against that package's
 * directives (and its own `create`), so a misconfigured plugin fails `--test-config` as the host's own
 * directives do. A package loaded twice, or two packages with one plugin name, are problems too.
 * @example
 * const { rest, blocks, errors } = await loadPluginBlocks(parseConfig(text, { file }));
 * for (const block of blocks) kernel.use(block.module.create(block.values, { packageName: block.packageName, file }));
 */
export async function loadPluginBlocks(doc: ConfigDocument, options: PluginBlocksOptions = {}): Promise<PluginBlocksResult> {
  const baseDir = options.baseDir ?? dirname(resolve(doc.file));
  const blocks: PluginBlock[] = [];
  const errors: ConfigError[] = [];
  const seen = new Map<string, Statement>();
  for (const statement of doc.statements) {
    if (statement.name !== PLUGIN_BLOCK) continue;
    const packageName = statement.args[0]?.value;
    if (statement.args.length !== 1 || packageName === undefined) {
      errors.push(new ConfigError(`plugin takes 1 word: <package> (found ${statement.args.length})`, statement.loc));
      continue;
    }
    const previous = seen.get(packageName);
    if (previous !== undefined) {
      errors.push(new ConfigError(`plugin ${packageName} is already loaded on line ${previous.loc.line}`, statement.loc));
      continue;
    }
    seen.set(packageName, statement);
    const block = await loadBlock(doc.file, statement, packageName, baseDir, errors);
    if (block === undefined) continue;
    const twin = blocks.find((b) => b.module.name === block.module.name);
    if (twin !== undefined) {
      errors.push(
        new ConfigError(
          `plugin ${packageName}: its plugin name "${block.module.name}" is already used by ${twin.packageName} on line ${twin.loc.line}`,
          statement.loc,
        ),
      );
      continue;
    }
    blocks.push(block);
  }
  const rest = { file: doc.file, statements: doc.statements.filter((s) => s.name !== PLUGIN_BLOCK) };
  return { rest, blocks, errors };
}

async function loadBlock(
  file: string,
  statement: Statement,
  packageName: string,
  baseDir: string,
  errors: ConfigError[],
): Promise<PluginBlock | undefined> {
  let module: PluginModule;
  try {
    const exports = await importPluginPackage(packageName, baseDir);
    const candidate = exports[PLUGIN_MODULE_EXPORT];
    const problem = pluginModuleProblem(candidate);
    if (problem !== undefined) throw new Error(problem);
    module = candidate as PluginModule;
  } catch (error) {
    errors.push(new ConfigError(`plugin ${packageName} cannot be loaded: ${firstLine(error)}`, statement.loc));
    return undefined;
  }
  let values: ResolvedConfig;
  try {
    values = resolveConfig({ file, statements: statement.block ?? [] }, [module.directives]);
  } catch (error) {
    if (!(error instanceof ConfigErrors)) throw error;
    for (const problem of error.errors)
      errors.push(new ConfigError(`plugin ${packageName}: ${problem.reason}`, problem.loc ?? statement.loc));
    return undefined;
  }
  try {
    // Once now, so that options the package's own schema refuses fail `--test-config` too.
    module.create(values, { packageName, file });
  } catch (error) {
    errors.push(new ConfigError(`plugin ${packageName}: ${firstLine(error)}`, statement.loc));
    return undefined;
  }
  return { packageName, module, values, loc: statement.loc };
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0] ?? message;
}
