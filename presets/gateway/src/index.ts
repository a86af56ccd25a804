/** @sluice/preset-gateway: the OpenAI-compatible caching gateway assembled from plugins. */
export { Gateway, type GatewayOptions } from './gateway.js';
export { createGatewayApp, type GatewayState } from './app.js';
export { buildRuntime, runtimeSettings, type PluginFactory, type Runtime, type RuntimeSettings } from './runtime.js';
export {
  GATEWAY_DIRECTIVE_SECTIONS,
  GATEWAY_DIRECTIVE_SETS,
  loadGatewayConfig,
  parseGatewayConfig,
  urlCredentialWarnings,
  type LoadOptions,
} from './config.js';
export { gatewayDirectives, parseListenAddr } from './directives.js';
export { readinessProbe, startupProbe, type ProbeResult } from './probes.js';
export { versionBody, RELEASE_VERSION, RELEASE_TITLE } from './version.js';
export { configReference } from './config-reference.js';
export { startupSummary } from './startup-summary.js';
