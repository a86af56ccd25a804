/** @sluice/gateway: the gateway service: HTTP server, probes, dashboard, SIGHUP reload and graceful shutdown around the gateway preset. */
export { Gateway, type GatewayOptions } from './gateway.js';
export { createGatewayApp, type GatewayState } from './app.js';
export { readinessProbe, startupProbe, type ProbeResult } from './probes.js';
export { startupSummary } from './startup-summary.js';
