/** @sluice/preset-gateway: the gateway preset: assembles the kernel and plugins into a runtime from typed options, or from a config file. */
export { buildRuntime, runtimeSettings, type Runtime, type RuntimeSettings, type RuntimeShared } from './runtime.js';
export {
  gatewayOptionsFromConfig,
  PRESET_PLUGINS,
  type DirectiveSection,
  type GatewayPresetOptions,
  type PluginFactory,
  type PresetPlugin,
  type PresetPluginKey,
} from './gateway-options.js';
export {
  GATEWAY_DIRECTIVE_SECTIONS,
  GATEWAY_DIRECTIVE_SETS,
  loadGatewayConfig,
  parseGatewayConfig,
  urlCredentialWarnings,
  type LoadOptions,
} from './config.js';
export { GatewaySettingsSchema, parseListenAddr, type GatewaySettings, type GatewaySettingsInput } from './settings.js';
export { versionBody, RELEASE_VERSION, RELEASE_TITLE } from './version.js';
export { configReference } from './config-reference.js';
