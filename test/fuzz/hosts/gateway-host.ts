/**
 * Runs a gateway in its own process for the fuzz suite (node --expose-gc --import tsx), in front of the
 * provider at FUZZ_UPSTREAM_BASE_URL, with the extra config lines in FUZZ_GATEWAY_CONFIG.
 */
import { Gateway } from '@sluice/gateway';
import { gatewayOptionsFromConfig, parseGatewayConfig } from '@sluice/preset-gateway';
import { pino } from 'pino';
import { baseConfig } from '../../apps/gateway/gateway-under-test.js';
import { serveSuite } from './host-ipc.js';

const upstream = process.env['FUZZ_UPSTREAM_BASE_URL'];
if (upstream === undefined) throw new Error('FUZZ_UPSTREAM_BASE_URL is not set');
const config = await parseGatewayConfig(baseConfig(upstream, process.env['FUZZ_GATEWAY_CONFIG'] ?? ''), 'fuzz.conf', { env: {} });
// Errors only: an internal error's log line is what a failing run needs, and nothing else is printed.
const gateway = await Gateway.create(gatewayOptionsFromConfig(config), { logger: pino({ level: 'error' }) });
const { url } = await gateway.listen('127.0.0.1:0');
serveSuite(url, {}, () => gateway.shutdown());
