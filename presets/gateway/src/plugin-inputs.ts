/**
 * Each plugin's options as the preset hands them to its constructor: on or off, and every option it
 * inherits from a gateway-wide setting (or from another plugin's option) filled in when the composition
 * does not set it, exactly as a config file would.
 */
import { directiveValuesOf, optionsProblem, withInherited } from '@sluice/config';
import type { AuditSinkOptionsInput } from '@sluice/plugin-audit-sink';
import type { ClientKeysOptionsInput } from '@sluice/plugin-client-keys';
import type { ClientLimitsOptionsInput } from '@sluice/plugin-client-limits';
import type { CostMeterOptionsInput } from '@sluice/plugin-cost-meter';
import type { ExactCacheOptionsInput } from '@sluice/plugin-exact-cache';
import type { OpenAIUpstreamOptionsInput } from '@sluice/plugin-openai-upstream';
import type { OtelTracesOptionsInput } from '@sluice/plugin-otel-traces';
import type { PrivacyGuardOptionsInput } from '@sluice/plugin-privacy-guard';
import type { SecurityGuardOptionsInput } from '@sluice/plugin-security-guard';
import type { SemanticCacheOptionsInput } from '@sluice/plugin-semantic-cache';
import type { UsageGuardOptionsInput } from '@sluice/plugin-usage-guard';
import { PRESET_PLUGINS, type GatewayPresetOptions } from './gateway-options.js';
import { layered } from './layered-values.js';
import { GatewaySettingsSchema, type GatewaySettings } from './settings.js';

/** The options of each plugin the runtime uses; undefined: the plugin is off. */
export interface PluginInputs {
  readonly upstream?: OpenAIUpstreamOptionsInput;
  readonly clientKeys?: ClientKeysOptionsInput;
  readonly clientLimits?: ClientLimitsOptionsInput;
  readonly costMeter?: CostMeterOptionsInput;
  readonly exactCache?: ExactCacheOptionsInput;
  readonly semanticCache?: SemanticCacheOptionsInput;
  readonly securityGuard?: SecurityGuardOptionsInput;
  readonly privacyGuard?: PrivacyGuardOptionsInput;
  readonly usageGuard?: UsageGuardOptionsInput;
  readonly auditSink?: AuditSinkOptionsInput;
  readonly otelTraces?: OtelTracesOptionsInput;
}

/**
 * Throws the first cross-option check a plugin's schema fails, in its own words.
 * @example
 * const inputs = pluginInputs({ guardFailOpen: true } as GatewaySettings, { securityGuard: {} }); // securityGuard.failOpen: true
 */
export function pluginInputs(options: GatewayPresetOptions, gateway: GatewaySettings): PluginInputs {
  const given = PRESET_PLUGINS.map((plugin) => {
    const value = options[plugin.key];
    const on = value === undefined ? plugin.onByDefault : value !== false;
    return { plugin, input: on ? ((value || {}) as object) : undefined };
  });
  const shared = layered([
    directiveValuesOf(GatewaySettingsSchema, gateway),
    ...given.flatMap(({ plugin, input }) => (input === undefined ? [] : [directiveValuesOf(plugin.schema, input)])),
  ]);
  const inputs: Record<string, unknown> = {};
  for (const { plugin, input } of given) {
    if (input === undefined) continue;
    const complete = withInherited(plugin.schema, input, shared);
    const problem = optionsProblem(plugin.schema, complete);
    if (problem !== undefined) throw new Error(problem);
    inputs[plugin.key] = complete;
  }
  return inputs as PluginInputs;
}
