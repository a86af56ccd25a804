/** Reads and validates the gateway's config file against every directive the preset knows, and names what it accepts with a warning. */
import { readFile } from 'node:fs/promises';
import { ConfigError, ConfigErrors, type DirectiveSet, type ResolvedConfig } from '@sluice/config';
import { byPosition, formatLocation, loadPluginBlocks, parseConfig, resolveConfig } from '@sluice/config';
import { hasUrlCredentials } from '@sluice/util';
import { gatewayConfigProblem, gatewayDirectiveSections, type DirectiveSection } from './gateway-options.js';

/** Every directive set the gateway preset accepts, titled, in the order the reference docs list them. */
export const GATEWAY_DIRECTIVE_SECTIONS: readonly DirectiveSection[] = Object.freeze(gatewayDirectiveSections());

/** Every directive set the gateway preset accepts. */
export const GATEWAY_DIRECTIVE_SETS: readonly DirectiveSet[] = Object.freeze(
  GATEWAY_DIRECTIVE_SECTIONS.map((section) => section.set),
);

export interface LoadOptions {
  env?: Readonly<Record<string, string | undefined>>;
  /** Where `plugin` blocks' packages are resolved from; defaults to the config file's folder. */
  baseDir?: string;
}

/** Parses the file and resolves every directive; throws ConfigError/ConfigErrors with file:line:col. */
export async function loadGatewayConfig(file: string, options: LoadOptions = {}): Promise<ResolvedConfig> {
  const text = await readFile(file, 'utf8');
  return parseGatewayConfig(text, file, options);
}

/**
 * Resolves config text: the preset's directives, and each `plugin <package> { … }` block against
 * its package's own directives. Every problem of the file is reported at once.
 * @example
 * const config = await parseGatewayConfig('plugin @acme/sluice-topic-guard { allowed_topics billing; }', 'gateway.conf');
 */
export async function parseGatewayConfig(text: string, file: string, options: LoadOptions = {}): Promise<ResolvedConfig> {
  const doc = parseConfig(text, { file, env: options.env ?? process.env });
  const plugins = await loadPluginBlocks(doc, options.baseDir === undefined ? {} : { baseDir: options.baseDir });
  let config: ResolvedConfig | undefined;
  const errors = [...plugins.errors];
  try {
    config = resolveConfig(plugins.rest, GATEWAY_DIRECTIVE_SETS);
  } catch (error) {
    if (!(error instanceof ConfigErrors)) throw error;
    errors.push(...error.errors);
  }
  if (errors.length > 0 || config === undefined) throw new ConfigErrors(errors.sort(byPosition));
  // Consistency between options of one plugin that no single directive's check can see.
  const problem = gatewayConfigProblem(config);
  if (problem !== undefined) throw new ConfigError(`${file}: ${problem}`);
  return config.withPlugins(plugins.blocks);
}

/** URL directives whose userinfo is not sent, each with the directive its key belongs in. Redis URLs are not here: their password is used. */
const KEY_DIRECTIVE_OF: Readonly<Record<string, string>> = {
  upstream_base_url: 'upstream_api_key',
  embedding_base_url: 'embedding_api_key',
  vectordb_url: 'vectordb_api_key',
  security_guard_url: 'security_guard_api_key',
  privacy_guard_url: 'privacy_guard_api_key',
  usage_guard_url: 'usage_guard_api_key',
  audit_url: 'audit_api_key',
};

/**
 * One warning per URL directive of `config` that carries credentials the gateway never sends: its HTTP
 * clients call the origin and path alone and authenticate with the key directive. Such a file is accepted
 * (summaries, logs and `--print-config` mask them), but each is named at the start, `--test-config` and a
 * reload, so the key ends up where it is used. The URL is not quoted: even its user name may be a token.
 * @example
 * urlCredentialWarnings(config);
 * // ['gateway.conf:2:1: upstream_base_url carries credentials (user:password@), which are never sent; put the key in upstream_api_key']
 */
export function urlCredentialWarnings(config: ResolvedConfig): string[] {
  const warnings: string[] = [];
  for (const [directive, keyDirective] of Object.entries(KEY_DIRECTIVE_OF)) {
    const value = config.get<unknown>(directive);
    if (typeof value !== 'string' || !hasUrlCredentials(value)) continue;
    const loc = config.loc(directive);
    warnings.push(
      `${loc === undefined ? config.file : formatLocation(loc)}: ${directive} carries credentials (user:password@), which are never sent; put the key in ${keyDirective}`,
    );
  }
  return warnings;
}
