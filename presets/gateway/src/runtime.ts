/** One configured kernel with its plugins: what a SIGHUP reload swaps as a whole. */
import { Kernel, type Metrics, type Mode, type Plugin } from '@sluice/core';
import { type ResolvedConfig } from '@sluice/config';
import { AuditSinkPlugin, auditSinkOptionsFromConfig } from '@sluice/plugin-audit-sink';
import { CostMeterPlugin, costMeterOptionsFromConfig } from '@sluice/plugin-cost-meter';
import { ExactCachePlugin, exactCacheOptionsFromConfig } from '@sluice/plugin-exact-cache';
import { OpenAIUpstreamPlugin, upstreamOptionsFromConfig } from '@sluice/plugin-openai-upstream';
import { PrivacyGuardPlugin, privacyGuardOptionsFromConfig } from '@sluice/plugin-privacy-guard';
import { SecurityGuardPlugin, securityGuardOptionsFromConfig } from '@sluice/plugin-security-guard';
import { SemanticCachePlugin, semanticCacheOptionsFromConfig, type RestoreProgress } from '@sluice/plugin-semantic-cache';
import { UsageGuardPlugin, usageGuardOptionsFromConfig } from '@sluice/plugin-usage-guard';
import type { ServerTimeouts } from '@sluice/host';
import { RELEASE_VERSION } from './version.js';
import type { Logger } from 'pino';

export interface RuntimeSettings {
  readonly mode: Mode;
  readonly streaming: boolean;
  readonly maxBodyBytes: number;
  readonly listenAddr: string;
  readonly shutdownTimeoutSeconds: number;
  /** Read when the gateway starts listening; a reload cannot change them. */
  readonly serverTimeouts: ServerTimeouts;
}

export interface Runtime {
  readonly kernel: Kernel;
  readonly config: ResolvedConfig;
  readonly settings: RuntimeSettings;
  /** The semantic cache, when enabled (for `/version` and pruning). */
  readonly semantic: SemanticCachePlugin | undefined;
  /** Requests this runtime is serving now; a replaced runtime stops when it reaches zero. */
  inFlight: number;
}

/**
 * Makes one plugin of a gateway composed in code; called for every runtime (start and each
 * reload), so each runtime gets its own instance.
 */
export type PluginFactory = (config: ResolvedConfig) => Plugin;

/**
 * Builds (but does not start) the gateway kernel from a resolved config: the preset's plugins,
 * then the config file's `plugin` blocks, then the plugins composed in code.
 * @example
 * const runtime = buildRuntime(await loadGatewayConfig('gateway.conf'), { logger, metrics });
 * await runtime.kernel.start();
 */
export function buildRuntime(
  config: ResolvedConfig,
  shared: { logger: Logger; metrics: Metrics; onSemanticRestore?: (progress: RestoreProgress) => void },
  composed: readonly PluginFactory[] = [],
): Runtime {
  const settings = runtimeSettings(config);
  const kernel = new Kernel({ mode: settings.mode, logger: shared.logger, metrics: shared.metrics });
  kernel.use(new CostMeterPlugin(costMeterOptionsFromConfig(config)));
  // The order of the flow comes from the stages (SECURITY, PRIVACY, USAGE), not from this list.
  const security = securityGuardOptionsFromConfig(config);
  if (security !== undefined) kernel.use(new SecurityGuardPlugin(security));
  const privacy = privacyGuardOptionsFromConfig(config);
  if (privacy !== undefined) kernel.use(new PrivacyGuardPlugin(privacy));
  const usage = usageGuardOptionsFromConfig(config);
  if (usage !== undefined) kernel.use(new UsageGuardPlugin(usage));
  const exact = exactCacheOptionsFromConfig(config);
  if (exact !== undefined) kernel.use(new ExactCachePlugin(exact));
  const semanticOptions = semanticCacheOptionsFromConfig(config);
  const semantic =
    semanticOptions === undefined
      ? undefined
      : new SemanticCachePlugin(semanticOptions, RELEASE_VERSION, shared.onSemanticRestore);
  if (semantic !== undefined) kernel.use(semantic);
  kernel.use(new OpenAIUpstreamPlugin(upstreamOptionsFromConfig(config)));
  // Their order in the flow comes from the stages they tap, like the preset's own plugins.
  for (const block of config.plugins)
    kernel.use(block.module.create(block.values, { packageName: block.packageName, file: config.file }));
  for (const factory of composed) kernel.use(factory(config));
  // Added last so it stops first: its flush happens once no request is left to emit evidence.
  const audit = auditSinkOptionsFromConfig(config);
  if (audit !== undefined) kernel.use(new AuditSinkPlugin(audit, RELEASE_VERSION));
  return { kernel, config, settings, semantic, inFlight: 0 };
}

export function runtimeSettings(config: ResolvedConfig): RuntimeSettings {
  return {
    mode: required<Mode>(config, 'gw_enforcement_mode'),
    streaming: required<boolean>(config, 'streaming_enabled'),
    maxBodyBytes: required<number>(config, 'max_request_body_bytes'),
    listenAddr: required<string>(config, 'listen_addr'),
    shutdownTimeoutSeconds: required<number>(config, 'graceful_shutdown_timeout_seconds'),
    serverTimeouts: {
      headerMs: required<number>(config, 'client_header_timeout_seconds') * 1000,
      requestMs: required<number>(config, 'client_request_timeout_seconds') * 1000,
      keepAliveMs: required<number>(config, 'keepalive_timeout_seconds') * 1000,
      sendMs: required<number>(config, 'send_timeout_seconds') * 1000,
    },
  };
}

function required<T>(config: ResolvedConfig, name: string): T {
  const value = config.get<T>(name);
  if (value === undefined) throw new Error(`directive ${name} has no value and no default`);
  return value;
}
