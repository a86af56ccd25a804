/** The example's gateway.conf served in process, in front of a fake upstream, with its evidence captured. */
import { fileURLToPath } from 'node:url';
import type { EvidenceEvent } from '@sluice/core';
import { Gateway } from '@sluice/gateway';
import OpenAI from 'openai';
import { pino } from 'pino';

/** The config file committed beside this package's package.json. */
export const GATEWAY_CONF = fileURLToPath(new URL('../gateway.conf', import.meta.url));

export interface GatewayFromFile {
  readonly gateway: Gateway;
  readonly url: string;
  readonly client: OpenAI;
  /** Every evidence event, in order. */
  readonly events: EvidenceEvent[];
  close(): Promise<void>;
}

/** Starts the gateway of gateway.conf with these environment variables for its `${…}` words. */
export async function startFromFile(env: Readonly<Record<string, string>>): Promise<GatewayFromFile> {
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  let gateway: Gateway;
  try {
    // #region start
    gateway = await Gateway.fromFile(GATEWAY_CONF, { logger: pino({ level: 'silent' }) });
    const { url } = await gateway.listen('127.0.0.1:0');
    const client = new OpenAI({ baseURL: `${url}/v1`, apiKey: 'unused', maxRetries: 0, timeout: 10_000 });
    // #endregion start
    const events: EvidenceEvent[] = [];
    gateway.runtime.kernel.hooks.evidence.tap('test-capture', (event) => void events.push(event));
    return { gateway, url, client, events, close: () => gateway.shutdown() };
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}
