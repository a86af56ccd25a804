/** One configured kernel with its plugins: what a SIGHUP reload swaps as a whole. */
import { Kernel, validateOptions, type Metrics, type Mode } from '@sluice/core';
import { optionsProblem, ResolvedConfig, schemaOptions } from '@sluice/config';
import { AuditSinkPlugin } from '@sluice/plugin-audit-sink';
import { CostMeterPlugin } from '@sluice/plugin-cost-meter';
import { ExactCachePlugin } from '@sluice/plugin-exact-cache';
import { OpenAIUpstreamPlugin } from '@sluice/plugin-openai-upstream';
import { PrivacyGuardPlugin } from '@sluice/plugin-privacy-guard';
import { SecurityGuardPlugin } from '@sluice/plugin-security-guard';
import { SemanticCachePlugin, type RestoreProgress } from '@sluice/plugin-semantic-cache';
import { UsageGuardPlugin } from '@sluice/plugin-usage-guard';
import type { ServerTimeouts } from '@sluice/host';
import Value from 'typebox/value';
import type { Logger } from 'pino';
import { gatewayOptionsFromConfig, type GatewayPresetOptions, type PluginFactory } from './gateway-options.js';
import { pluginInputs } from './plugin-inputs.js';
import { GatewaySettingsSchema, type GatewaySettings, type GatewaySettingsInput } from './settings.js';
import { RELEASE_VERSION } from './version.js';

export interface RuntimeSettings {
  readonly mode: Mode;
  readonly streaming: boolean;
  readonly maxBodyBytes: number;
  readonly listenAddr: string;
  readonly shutdownTimeoutSeconds: number;
  /** Read when the gateway starts listening; a reload cannot change them. */
  readonly serverTimeouts: ServerTimeouts;
  readonly logLevel: string;
  readonly dashboardEnabled: boolean;
}

export interface Runtime {
  readonly kernel: Kernel;
  /** The options the runtime was built from, each plugin's as given (defaults are applied by the plugins). */
  readonly options: GatewayPresetOptions;
  /**
   * The directive values the runtime was built from: the config file's, or the gateway-wide settings of
   * options composed in code.
   */
  readonly config: ResolvedConfig;
  readonly settings: RuntimeSettings;
  /** The semantic cache, when enabled (for `/version` and pruning). */
  readonly semantic: SemanticCachePlugin | undefined;
  /** Requests this runtime is serving now; a replaced runtime stops when it reaches zero. */
  inFlight: number;
}

export interface RuntimeShared {
  logger: Logger;
  metrics: Metrics;
  onSemanticRestore?: (progress: RestoreProgress) => void;
}

/**
 * Builds (but does not start) the gateway kernel from typed options, or from a resolved config file
 * (read with `gatewayOptionsFromConfig`): the preset's plugins, then `options.plugins` (a config file's
 * `plugin` blocks), then the plugins composed by the caller, then audit delivery.
 * @example
 * const runtime = buildRuntime({ upstream: { baseUrl: 'https://api.openai.com/v1' }, exactCache: {} }, { logger, metrics });
 * await runtime.kernel.start();
 */
export function buildRuntime(
  source: GatewayPresetOptions | ResolvedConfig,
  shared: RuntimeShared,
  composed: readonly PluginFactory[] = [],
): Runtime {
  const options = source instanceof ResolvedConfig ? (composedOptions.get(source) ?? gatewayOptionsFromConfig(source)) : source;
  const gateway = gatewaySettings(options.gateway);
  const inputs = pluginInputs(options, gateway);
  const settings = runtimeSettings(gateway);
  const kernel = new Kernel({ mode: settings.mode, logger: shared.logger, metrics: shared.metrics });
  kernel.use(new CostMeterPlugin(inputs.costMeter ?? {}));
  // The order of the flow comes from the stages (SECURITY, PRIVACY, USAGE), not from this list.
  if (inputs.securityGuard !== undefined) kernel.use(new SecurityGuardPlugin(inputs.securityGuard));
  if (inputs.privacyGuard !== undefined) kernel.use(new PrivacyGuardPlugin(inputs.privacyGuard));
  if (inputs.usageGuard !== undefined) kernel.use(new UsageGuardPlugin(inputs.usageGuard));
  if (inputs.exactCache !== undefined) kernel.use(new ExactCachePlugin(inputs.exactCache));
  const semantic =
    inputs.semanticCache === undefined
      ? undefined
      : new SemanticCachePlugin(inputs.semanticCache, RELEASE_VERSION, shared.onSemanticRestore);
  if (semantic !== undefined) kernel.use(semantic);
  kernel.use(new OpenAIUpstreamPlugin(inputs.upstream ?? {}));
  // Their order in the flow comes from the stages they tap, like the preset's own plugins.
  for (const factory of [...(options.plugins ?? []), ...composed]) kernel.use(factory(gateway));
  // Added last so it stops first: its flush happens once no request is left to emit evidence.
  if (inputs.auditSink !== undefined) kernel.use(new AuditSinkPlugin(inputs.auditSink, RELEASE_VERSION));
  const config = source instanceof ResolvedConfig ? source : composedGatewayConfig(options);
  return { kernel, options, config, settings, semantic, inFlight: 0 };
}

/** The gateway-wide settings, checked as a config file's would be: the schema, then each setting's own check. */
function gatewaySettings(input: GatewaySettingsInput | undefined): GatewaySettings {
  const settings = validateOptions('gateway', GatewaySettingsSchema, input ?? {});
  const problem = optionsProblem(GatewaySettingsSchema, settings);
  if (problem !== undefined) throw new Error(problem);
  return settings;
}

export function runtimeSettings(gateway: GatewaySettings): RuntimeSettings {
  return {
    mode: gateway.mode,
    streaming: gateway.streaming,
    maxBodyBytes: gateway.maxRequestBodyBytes,
    listenAddr: gateway.listenAddr,
    shutdownTimeoutSeconds: gateway.shutdownTimeoutSeconds,
    serverTimeouts: {
      headerMs: gateway.clientHeaderTimeoutSeconds * 1000,
      requestMs: gateway.clientRequestTimeoutSeconds * 1000,
      keepAliveMs: gateway.keepaliveTimeoutSeconds * 1000,
      sendMs: gateway.sendTimeoutSeconds * 1000,
    },
    logLevel: gateway.logLevel,
    dashboardEnabled: gateway.dashboardEnabled,
  };
}

/** The typed options behind each config made by `composedGatewayConfig`. */
const composedOptions = new WeakMap<ResolvedConfig, GatewayPresetOptions>();

/**
 * Typed options dressed as a resolved config, for hosts that take one (`Gateway.create`): its values are
 * the gateway-wide settings, and `buildRuntime` builds from the typed options themselves, so options
 * with no directive (code only) are kept.
 * @example
 * const gateway = await Gateway.create(composedGatewayConfig({ upstream: { baseUrl: 'https://api.openai.com/v1' } }));
 */
export function composedGatewayConfig(options: GatewayPresetOptions): ResolvedConfig {
  const gateway = Value.Default(GatewaySettingsSchema, structuredClone(options.gateway ?? {})) as GatewaySettings;
  const entries = schemaOptions(GatewaySettingsSchema).options.map((option) => ({
    name: option.directive,
    value: (gateway as Record<string, unknown>)[option.path[0]!],
  }));
  const config = new ResolvedConfig(COMPOSED, entries);
  composedOptions.set(config, options);
  return config;
}

const COMPOSED = '(composed in code)';
