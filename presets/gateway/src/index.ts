/** @sluice/preset-gateway: the gateway preset: reads the config file and assembles the kernel and plugins into a runtime. */
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
export { versionBody, RELEASE_VERSION, RELEASE_TITLE } from './version.js';
export { configReference } from './config-reference.js';
