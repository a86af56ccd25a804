/**
 * The gateway preset's typed options: the gateway-wide settings and one property per plugin, each that
 * plugin's own options type. A config file is one way to produce them (`gatewayOptionsFromConfig`);
 * a program composing a gateway writes them directly.
 */
import type { Plugin } from '@sluice/core';
import {
  configOptionsProblem,
  directivesOf,
  enabledInConfig,
  optionsFromConfig,
  type DirectiveSet,
  type ResolvedConfig,
} from '@sluice/config';
import { AuditSinkOptionsSchema, type AuditSinkOptionsInput } from '@sluice/plugin-audit-sink';
import { CostMeterOptionsSchema, type CostMeterOptionsInput } from '@sluice/plugin-cost-meter';
import { ExactCacheOptionsSchema, type ExactCacheOptionsInput } from '@sluice/plugin-exact-cache';
import { OpenAIUpstreamOptionsSchema, type OpenAIUpstreamOptionsInput } from '@sluice/plugin-openai-upstream';
import * as privacyGuard from '@sluice/plugin-privacy-guard';
import * as securityGuard from '@sluice/plugin-security-guard';
import * as semanticCache from '@sluice/plugin-semantic-cache';
import * as usageGuard from '@sluice/plugin-usage-guard';
import type { TSchema } from 'typebox';
import { GatewaySettingsSchema, type GatewaySettings, type GatewaySettingsInput } from './settings.js';
import { declaresDirectives, directiveSetOf, legacyOptions, legacyProblem, type PackageExports } from './unconverted-options.js';
import { layered } from './layered-values.js';

/**
 * Makes one plugin of a gateway composed in code (or of a config file's `plugin` block); called for
 * every runtime (start and each reload), so each runtime gets its own instance. It gets the gateway-wide
 * settings, for a plugin that reads one.
 */
export type PluginFactory = (settings: GatewaySettings) => Plugin;

/**
 * Everything the gateway preset assembles. A plugin's property absent: on or off as its config switch
 * defaults (the exact cache, the cost meter and the upstream on; the semantic cache, the guards and audit
 * delivery off); `false`: off; an object: on, with those options (the rest defaulted).
 * @example
 * const options: GatewayPresetOptions = {
 *   gateway: { listenAddr: '127.0.0.1:8080', guardFailOpen: true },
 *   upstream: { baseUrl: 'https://api.openai.com/v1', apiKey: process.env.OPENAI_API_KEY ?? 'dummy' },
 *   costMeter: { prices: [{ model: 'gpt-4o-mini', inputMicroUsdPerToken: 0.15, outputMicroUsdPerToken: 0.6 }] },
 *   securityGuard: { url: 'local' },
 * };
 */
export interface GatewayPresetOptions {
  readonly gateway?: GatewaySettingsInput;
  readonly upstream?: OpenAIUpstreamOptionsInput;
  readonly costMeter?: CostMeterOptionsInput;
  readonly exactCache?: ExactCacheOptionsInput | false;
  readonly semanticCache?: semanticCache.SemanticCacheOptionsInput | false;
  readonly securityGuard?: securityGuard.SecurityGuardOptionsInput | false;
  readonly privacyGuard?: privacyGuard.PrivacyGuardOptionsInput | false;
  readonly usageGuard?: usageGuard.UsageGuardOptionsInput | false;
  readonly auditSink?: AuditSinkOptionsInput | false;
  /** More plugins, after the preset's own (a config file's `plugin` blocks come here, in order). */
  readonly plugins?: readonly PluginFactory[];
}

/** The plugin properties of the preset's options. */
export type PresetPluginKey = Exclude<keyof GatewayPresetOptions, 'gateway' | 'plugins'>;

/** One plugin the preset assembles: its options schema and, until it declares its directives, its old names. */
export interface PresetPlugin {
  readonly key: PresetPluginKey;
  /** The reference page's section title. */
  readonly title: string;
  readonly schema: TSchema;
  /** On when its options are absent (the default of its `…_enabled` switch; no switch: always on). */
  readonly onByDefault: boolean;
  readonly exports?: PackageExports;
  readonly legacy?: { readonly directives: string; readonly fromConfig: string; readonly problem?: string };
}

/** The gateway-wide settings first, then the preset's plugins in the order the reference page lists them. */
export const PRESET_PLUGINS: readonly PresetPlugin[] = Object.freeze([
  { key: 'upstream', title: 'Upstream and streaming (openai-upstream)', schema: OpenAIUpstreamOptionsSchema, onByDefault: true },
  {
    key: 'securityGuard',
    title: 'Security guard (security-guard)',
    schema: securityGuard.SecurityGuardOptionsSchema,
    onByDefault: false,
    exports: securityGuard as unknown as PackageExports,
    legacy: { directives: 'securityGuardDirectives', fromConfig: 'securityGuardOptionsFromConfig' },
  },
  {
    key: 'privacyGuard',
    title: 'Privacy guard (privacy-guard)',
    schema: privacyGuard.PrivacyGuardOptionsSchema,
    onByDefault: false,
    exports: privacyGuard as unknown as PackageExports,
    legacy: { directives: 'privacyGuardDirectives', fromConfig: 'privacyGuardOptionsFromConfig' },
  },
  {
    key: 'usageGuard',
    title: 'Usage guard (usage-guard)',
    schema: usageGuard.UsageGuardOptionsSchema,
    onByDefault: false,
    exports: usageGuard as unknown as PackageExports,
    legacy: { directives: 'usageGuardDirectives', fromConfig: 'usageGuardOptionsFromConfig' },
  },
  { key: 'exactCache', title: 'Exact cache (exact-cache)', schema: ExactCacheOptionsSchema, onByDefault: true },
  {
    key: 'semanticCache',
    title: 'Semantic cache, embeddings and vector database (semantic-cache)',
    schema: semanticCache.SemanticCacheOptionsSchema,
    onByDefault: false,
    exports: semanticCache as unknown as PackageExports,
    legacy: {
      directives: 'semanticCacheDirectives',
      fromConfig: 'semanticCacheOptionsFromConfig',
      problem: 'semanticConfigProblem',
    },
  },
  { key: 'costMeter', title: 'Cost (cost-meter)', schema: CostMeterOptionsSchema, onByDefault: true },
  { key: 'auditSink', title: 'Audit delivery (audit-sink)', schema: AuditSinkOptionsSchema, onByDefault: false },
]);

/** The title of the gateway-wide settings' section. */
const GATEWAY_TITLE = 'Gateway (gateway-wide settings)';

/** Every directive set the gateway preset accepts, titled, in the order the reference docs list them. */
export function gatewayDirectiveSections(): { readonly title: string; readonly set: DirectiveSet }[] {
  return [
    { title: GATEWAY_TITLE, set: directivesOf(GatewaySettingsSchema) },
    ...PRESET_PLUGINS.map((plugin) => ({ title: plugin.title, set: pluginDirectives(plugin) })),
  ];
}

function pluginDirectives(plugin: PresetPlugin): DirectiveSet {
  if (plugin.legacy === undefined || plugin.exports === undefined) return directivesOf(plugin.schema);
  return directiveSetOf(plugin.schema, plugin.exports, plugin.legacy.directives);
}

/**
 * The preset's options as a resolved config file sets them: each plugin on or off by its switch, its
 * options from its directives (defaults from its schema), and the file's `plugin` blocks as factories.
 * Throws a ConfigError naming the directive when an enabled plugin misses a required one.
 * @example
 * const runtime = buildRuntime(gatewayOptionsFromConfig(await loadGatewayConfig('gateway.conf')), { logger, metrics });
 */
export function gatewayOptionsFromConfig(config: ResolvedConfig): GatewayPresetOptions {
  const options: Record<string, unknown> = { gateway: optionsFromConfig(GatewaySettingsSchema, config) };
  for (const plugin of PRESET_PLUGINS) options[plugin.key] = pluginOptionsFromConfig(plugin, config);
  // A block's plugin reads its own words first, then the file's, so what it `inherits` (guard_fail_open, …) is found.
  const blocks = config.plugins.map(
    (block) => () => block.module.create(layered([block.values, config]), { packageName: block.packageName, file: config.file }),
  );
  return { ...(options as Omit<GatewayPresetOptions, 'plugins'>), plugins: blocks };
}

function pluginOptionsFromConfig(plugin: PresetPlugin, config: ResolvedConfig): unknown {
  if (plugin.legacy !== undefined && plugin.exports !== undefined && !declaresDirectives(plugin.schema))
    return legacyOptions(plugin.exports, plugin.legacy.fromConfig, config) ?? false;
  return enabledInConfig(plugin.schema, config) ? optionsFromConfig(plugin.schema, config) : false;
}

/**
 * What the file's enabled plugins' cross-option checks find, first problem only (`--test-config`
 * reports it with the file's name).
 */
export function gatewayConfigProblem(config: ResolvedConfig): string | undefined {
  for (const plugin of PRESET_PLUGINS) {
    if (plugin.legacy !== undefined && plugin.exports !== undefined && !declaresDirectives(plugin.schema)) {
      const problem = plugin.legacy.problem && legacyProblem(plugin.exports, plugin.legacy.problem, config);
      if (problem) return problem;
      continue;
    }
    if (!enabledInConfig(plugin.schema, config)) continue;
    const problem = configOptionsProblem(plugin.schema, config);
    if (problem !== undefined) return problem;
  }
  return undefined;
}
