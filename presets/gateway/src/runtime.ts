/** One configured kernel with its plugins: what a SIGHUP reload swaps as a whole. */
import { Kernel, validateOptions, type Metrics, type Mode } from '@sluice/core';
import { optionsProblem } from '@sluice/config';
import { AuditSinkPlugin } from '@sluice/plugin-audit-sink';
import { ClientKeysPlugin } from '@sluice/plugin-client-keys';
import { ClientLimitsPlugin } from '@sluice/plugin-client-limits';
import { CostMeterPlugin } from '@sluice/plugin-cost-meter';
import { ExactCachePlugin } from '@sluice/plugin-exact-cache';
import { OpenAIUpstreamPlugin } from '@sluice/plugin-openai-upstream';
import { OtelTracesPlugin } from '@sluice/plugin-otel-traces';
import { PrivacyGuardPlugin } from '@sluice/plugin-privacy-guard';
import { SecurityGuardPlugin } from '@sluice/plugin-security-guard';
import { SemanticCachePlugin, type RestoreProgress } from '@sluice/plugin-semantic-cache';
import { UsageGuardPlugin } from '@sluice/plugin-usage-guard';
import type { ServerTimeouts, StreamingMode } from '@sluice/host';
import type { Logger } from 'pino';
import type { GatewayPresetOptions, PluginFactory } from './gateway-options.js';
import { pluginInputs, type PluginInputs } from './plugin-inputs.js';
import { GatewaySettingsSchema, type GatewaySettings, type GatewaySettingsInput } from './settings.js';
import { RELEASE_VERSION } from './version.js';

export interface RuntimeSettings {
  readonly mode: Mode;
  readonly streaming: boolean;
  /** How a streamed request is answered (`streaming_mode`). */
  readonly streamingMode: StreamingMode;
  readonly maxBodyBytes: number;
  readonly listenAddr: string;
  readonly shutdownTimeoutSeconds: number;
  /** Read when the gateway starts listening; a reload cannot change them. */
  readonly serverTimeouts: ServerTimeouts;
  readonly logLevel: string;
  readonly dashboardEnabled: boolean;
  /** `sha256:<hex>` of the key `/metrics` and the dashboard ask for; undefined: they are open. */
  readonly adminKeyHash: string | undefined;
}

export interface Runtime {
  readonly kernel: Kernel;
  /** The options the runtime was built from, each plugin's as given (defaults are applied by the plugins). */
  readonly options: GatewayPresetOptions;
  readonly settings: RuntimeSettings;
  /** The semantic cache, when enabled (for `/version` and pruning). */
  readonly semantic: SemanticCachePlugin | undefined;
}

export interface RuntimeShared {
  logger: Logger;
  metrics: Metrics;
  onSemanticRestore?: (progress: RestoreProgress) => void;
}

/**
 * Builds (but does not start) the gateway kernel from typed options (a config file's come from
 * `gatewayOptionsFromConfig`): the preset's plugins, then `options.plugins` (a config file's
 * `plugin` blocks), then the plugins composed by the caller, then audit delivery.
 * @example
 * const runtime = buildRuntime({ upstream: { baseUrl: 'https://api.openai.com/v1' }, exactCache: {} }, { logger, metrics });
 * await runtime.kernel.start();
 */
export function buildRuntime(
  options: GatewayPresetOptions,
  shared: RuntimeShared,
  composed: readonly PluginFactory[] = [],
): Runtime {
  const gateway = gatewaySettings(options.gateway);
  const inputs = pluginInputs(options, gateway);
  const settings = runtimeSettings(gateway);
  const kernel = new Kernel({ mode: settings.mode, logger: shared.logger, metrics: shared.metrics });
  // Client keys admit the request (tenant, application) before any limit, guard or cache reads them.
  if (inputs.clientKeys !== undefined) kernel.use(new ClientKeysPlugin(inputs.clientKeys));
  if (inputs.clientLimits !== undefined) kernel.use(new ClientLimitsPlugin(inputs.clientLimits));
  kernel.use(new CostMeterPlugin({ labelledTenants: keyTenants(inputs.clientKeys), ...inputs.costMeter }));
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
  // Its taps run first on their hooks whatever its place here; it stops after the plugins added below.
  if (inputs.otelTraces !== undefined) kernel.use(new OtelTracesPlugin(inputs.otelTraces, RELEASE_VERSION));
  // Their order in the flow comes from the stages they tap, like the preset's own plugins.
  for (const factory of [...(options.plugins ?? []), ...composed]) kernel.use(factory(gateway));
  // Added last so it stops first: its flush happens once no request is left to emit evidence.
  if (inputs.auditSink !== undefined) kernel.use(new AuditSinkPlugin(inputs.auditSink, RELEASE_VERSION));
  return { kernel, options, settings, semantic };
}

/** The tenants of the keys in the config, labelled in metrics from the start. */
function keyTenants(clientKeys: PluginInputs['clientKeys']): string[] {
  return [...new Set((clientKeys?.keys ?? []).map((key) => key.settings?.tenant ?? 'default'))];
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
    streamingMode: gateway.streamingMode,
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
    adminKeyHash: gateway.adminKeyHash,
  };
}
