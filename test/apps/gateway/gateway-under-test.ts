/** Starts an in-process gateway from config text on a free port, for the gateway suites. */
import { Gateway } from '@sluice/gateway';
import { gatewayOptionsFromConfig, parseGatewayConfig } from '@sluice/preset-gateway';
import OpenAI from 'openai';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { pino } from 'pino';

export interface GatewayUnderTest {
  gateway: Gateway;
  url: string;
  client: OpenAI;
  metricsText(): Promise<string>;
  close(): Promise<void>;
}

/** Config lines for a gateway in front of `upstreamBaseUrl` with one priced model, `test-model`. */
export function baseConfig(upstreamBaseUrl: string, extra = ''): string {
  return `
upstream_base_url ${upstreamBaseUrl};
upstream_api_key dummy;
upstream_timeout_seconds 2;
model_price test-model 1.0 2.0;
log_level silent;
${extra}
`;
}

export async function startGateway(configText: string): Promise<GatewayUnderTest> {
  const config = await parseGatewayConfig(configText, 'test.conf', { env: {} });
  const gateway = await Gateway.create(gatewayOptionsFromConfig(config), { logger: pino({ level: 'silent' }) });
  const { url } = await gateway.listen('127.0.0.1:0');
  const client = new OpenAI({ baseURL: `${url}/v1`, apiKey: 'client-key-not-forwarded', maxRetries: 0, timeout: 10_000 });
  return {
    gateway,
    url,
    client,
    metricsText: async () => (await fetch(`${url}/metrics`)).text(),
    close: () => gateway.shutdown(),
  };
}

/** Mocha hooks for a suite: a fake upstream, and a gateway in front of it, for the whole suite. */
export function gatewayForSuite(extra = ''): { readonly upstream: FakeUpstream; readonly gw: GatewayUnderTest } {
  const suite = {} as { upstream: FakeUpstream; gw: GatewayUnderTest };
  before(async () => {
    suite.upstream = await startFakeUpstream();
    suite.gw = await startGateway(baseConfig(suite.upstream.baseUrl, extra));
  });
  after(async () => {
    await suite.gw?.close();
    await suite.upstream?.close();
  });
  return suite;
}
