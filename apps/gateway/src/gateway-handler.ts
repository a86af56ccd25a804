/** The gateway's request handler for one runtime: the pipeline, the gateway's own routes, its in-flight gauge. */
import { RequestHandler } from '@sluice/host';
import type { Runtime } from '@sluice/preset-gateway';
import { gatewayRoutes, type GatewayState } from './host-routes.js';

/**
 * A reload makes a new one for the new runtime; the old one finishes its requests in flight.
 * @example
 * const handler = createGatewayHandler(gateway);
 * createServer((req, res) => void handler.serve(req, res));
 */
export function createGatewayHandler(state: GatewayState, runtime: Runtime = state.runtime): RequestHandler {
  return new RequestHandler({
    kernel: runtime.kernel,
    maxBodyBytes: runtime.settings.maxBodyBytes,
    streaming: runtime.settings.streaming,
    streamingMode: runtime.settings.streamingMode,
    hostRoutes: gatewayRoutes(state),
    inFlightGauge: state.metrics.gauge({ name: 'gw_in_flight_requests', help: 'HTTP requests being served, /metrics included.' }),
  });
}
