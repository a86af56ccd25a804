/** @sluice/gateway: the gateway service: HTTP server, probes, dashboard, SIGHUP reload and graceful shutdown around the gateway preset. */
export { Gateway, type GatewayOptions } from './gateway.js';
export { createGatewayHandler } from './gateway-handler.js';
export { GATEWAY_ERRORS, behindAdminKey } from './admin-key.js';
export { gatewayRoutes, type GatewayState } from './host-routes.js';
export { readinessProbe, startupProbe, type ProbeResult } from './probes.js';
export { startupSummary } from './startup-summary.js';
