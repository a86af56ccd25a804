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
  schemaOptions,
  type DirectiveSet,
  type ResolvedConfig,
} from '@sluice/config';
import { AuditSinkOptionsSchema, type AuditSinkOptionsInput } from '@sluice/plugin-audit-sink';
import { ClientKeysOptionsSchema, type ClientKeysOptionsInput } from '@sluice/plugin-client-keys';
import { ClientLimitsOptionsSchema, type ClientLimitsOptionsInput } from '@sluice/plugin-client-limits';
import { CostMeterOptionsSchema, type CostMeterOptionsInput } from '@sluice/plugin-cost-meter';
import { ExactCacheOptionsSchema, type ExactCacheOptionsInput } from '@sluice/plugin-exact-cache';
import { OpenAIUpstreamOptionsSchema, type OpenAIUpstreamOptionsInput } from '@sluice/plugin-openai-upstream';
import { OtelTracesOptionsSchema, type OtelTracesOptionsInput } from '@sluice/plugin-otel-traces';
import { PrivacyGuardOptionsSchema, type PrivacyGuardOptionsInput } from '@sluice/plugin-privacy-guard';
import { SecurityGuardOptionsSchema, type SecurityGuardOptionsInput } from '@sluice/plugin-security-guard';
import { SemanticCacheOptionsSchema, type SemanticCacheOptionsInput } from '@sluice/plugin-semantic-cache';
import { UsageGuardOptionsSchema, type UsageGuardOptionsInput } from '@sluice/plugin-usage-guard';
import type { TSchema } from 'typebox';
import { GatewaySettingsSchema, type GatewaySettings, type GatewaySettingsInput } from './settings.js';
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
  readonly clientKeys?: ClientKeysOptionsInput | false;
  readonly clientLimits?: ClientLimitsOptionsInput | false;
  readonly costMeter?: CostMeterOptionsInput;
  readonly exactCache?: ExactCacheOptionsInput | false;
  readonly semanticCache?: SemanticCacheOptionsInput | false;
  readonly securityGuard?: SecurityGuardOptionsInput | false;
  readonly privacyGuard?: PrivacyGuardOptionsInput | false;
  readonly usageGuard?: UsageGuardOptionsInput | false;
  readonly auditSink?: AuditSinkOptionsInput | false;
  readonly otelTraces?: OtelTracesOptionsInput | false;
  /** More plugins, after the preset's own (a config file's `plugin` blocks come here, in order). */
  readonly plugins?: readonly PluginFactory[];
}

/** The plugin properties of the preset's options. */
export type PresetPluginKey = Exclude<keyof GatewayPresetOptions, 'gateway' | 'plugins'>;

/** One plugin the preset assembles, and its options schema. */
export interface PresetPlugin {
  readonly key: PresetPluginKey;
  /** The reference page's section title. */
  readonly title: string;
  readonly schema: TSchema;
  /** On when its options are absent (the default of its `…_enabled` switch; no switch: always on). */
  readonly onByDefault: boolean;
}

/** The preset's plugins in the order the reference page lists them (after the gateway-wide settings). */
export const PRESET_PLUGINS: readonly PresetPlugin[] = Object.freeze([
  { key: 'upstream', title: 'Upstream and streaming (openai-upstream)', schema: OpenAIUpstreamOptionsSchema, onByDefault: true },
  { key: 'clientKeys', title: 'Client keys and tenants (client-keys)', schema: ClientKeysOptionsSchema, onByDefault: true },
  {
    key: 'clientLimits',
    title: 'Budgets and rate limits per key and tenant (client-limits)',
    schema: ClientLimitsOptionsSchema,
    onByDefault: true,
  },
  { key: 'securityGuard', title: 'Security guard (security-guard)', schema: SecurityGuardOptionsSchema, onByDefault: false },
  { key: 'privacyGuard', title: 'Privacy guard (privacy-guard)', schema: PrivacyGuardOptionsSchema, onByDefault: false },
  { key: 'usageGuard', title: 'Usage guard (usage-guard)', schema: UsageGuardOptionsSchema, onByDefault: false },
  { key: 'exactCache', title: 'Exact cache (exact-cache)', schema: ExactCacheOptionsSchema, onByDefault: true },
  {
    key: 'semanticCache',
    title: 'Semantic cache, embeddings and vector database (semantic-cache)',
    schema: SemanticCacheOptionsSchema,
    onByDefault: false,
  },
  { key: 'costMeter', title: 'Cost (cost-meter)', schema: CostMeterOptionsSchema, onByDefault: true },
  { key: 'auditSink', title: 'Audit delivery (audit-sink)', schema: AuditSinkOptionsSchema, onByDefault: false },
  { key: 'otelTraces', title: 'OpenTelemetry traces (otel-traces)', schema: OtelTracesOptionsSchema, onByDefault: false },
]);

/** The title of the gateway-wide settings' section. */
const GATEWAY_TITLE = 'Gateway (gateway-wide settings)';

/**
 * One section of the reference page: a titled directive set, and the settings declared elsewhere that its
 * options inherit without a directive of their own.
 * @example
 * const { title, set, inherits } = gatewayDirectiveSections()[1]!;
 */
export interface DirectiveSection {
  readonly title: string;
  readonly set: DirectiveSet;
  readonly inherits?: readonly string[];
}

/** Every directive set the gateway preset accepts, titled, in the order the reference docs list them. */
export function gatewayDirectiveSections(): DirectiveSection[] {
  return [
    { title: GATEWAY_TITLE, set: directivesOf(GatewaySettingsSchema) },
    ...PRESET_PLUGINS.map((plugin) => {
      const inherits = [...new Set(schemaOptions(plugin.schema).inherited.map((option) => option.inherits))];
      return { title: plugin.title, set: directivesOf(plugin.schema), ...(inherits.length > 0 ? { inherits } : {}) };
    }),
  ];
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
  return enabledInConfig(plugin.schema, config) ? optionsFromConfig(plugin.schema, config) : false;
}

/**
 * What the file's enabled plugins' cross-option checks find, first problem only (`--test-config`
 * reports it with the file's name).
 */
export function gatewayConfigProblem(config: ResolvedConfig): string | undefined {
  for (const plugin of PRESET_PLUGINS) {
    if (!enabledInConfig(plugin.schema, config)) continue;
    const problem = configOptionsProblem(plugin.schema, config);
    if (problem !== undefined) return problem;
  }
  return undefined;
}
