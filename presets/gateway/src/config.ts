/** Reads and validates the gateway's config file against every directive the preset knows. */
import { readFile } from 'node:fs/promises';
import { ConfigError, coreDirectives, parseConfig, resolveConfig, type DirectiveSet, type ResolvedConfig } from '@sluice/core';
import { auditSinkDirectives } from '@sluice/plugin-audit-sink';
import { costMeterDirectives } from '@sluice/plugin-cost-meter';
import { exactCacheDirectives } from '@sluice/plugin-exact-cache';
import { upstreamDirectives } from '@sluice/plugin-openai-upstream';
import { privacyGuardDirectives } from '@sluice/plugin-privacy-guard';
import { securityGuardDirectives } from '@sluice/plugin-security-guard';
import { semanticCacheDirectives, semanticConfigProblem } from '@sluice/plugin-semantic-cache';
import { usageGuardDirectives } from '@sluice/plugin-usage-guard';
import { gatewayDirectives } from './directives.js';

/** Every directive set the gateway preset accepts, in the order the reference docs list them. */
export const GATEWAY_DIRECTIVE_SETS: readonly DirectiveSet[] = Object.freeze([
  gatewayDirectives,
  coreDirectives,
  upstreamDirectives,
  securityGuardDirectives,
  privacyGuardDirectives,
  usageGuardDirectives,
  exactCacheDirectives,
  semanticCacheDirectives,
  costMeterDirectives,
  auditSinkDirectives,
]);

export interface LoadOptions {
  env?: Readonly<Record<string, string | undefined>>;
}

/** Parses the file and resolves every directive; throws ConfigError/ConfigErrors with file:line:col. */
export async function loadGatewayConfig(file: string, options: LoadOptions = {}): Promise<ResolvedConfig> {
  const text = await readFile(file, 'utf8');
  return parseGatewayConfig(text, file, options);
}

export function parseGatewayConfig(text: string, file: string, options: LoadOptions = {}): ResolvedConfig {
  const doc = parseConfig(text, { file, env: options.env ?? process.env });
  const config = resolveConfig(doc, GATEWAY_DIRECTIVE_SETS);
  // Consistency between directives of one plugin that no single directive's check can see.
  const problem = semanticConfigProblem(config);
  if (problem !== undefined) throw new ConfigError(`${file}: ${problem}`);
  return config;
}
