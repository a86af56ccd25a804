/** A gateway (the preset, client keys as given) in front of a fake upstream, its log lines and evidence captured. */
import { writeFile } from 'node:fs/promises';
import type { EvidenceEvent, Plugin } from '@sluice/core';
import { Gateway } from '@sluice/gateway';
import type { ClientKeysOptionsInput } from '@sluice/plugin-client-keys';
import type { GatewayPresetOptions } from '@sluice/preset-gateway';
import OpenAI from 'openai';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { loggerInto } from '../../fixtures/log-lines.js';

/** The operator's key to the provider: what the upstream must see instead of a client's key. */
export const UPSTREAM_KEY = 'sk-upstream-operator-key';

export interface KeyedGateway {
  readonly gateway: Gateway;
  readonly url: string;
  readonly upstream: FakeUpstream;
  readonly logs: string[];
  readonly events: EvidenceEvent[];
  /** An OpenAI client sending `key` (no Authorization header at all when undefined). */
  client(key: string | undefined): OpenAI;
  /** One chat completion over plain HTTP, for what the OpenAI client will not send. */
  post(headers: Record<string, string>, model?: string): Promise<{ status: number; text: string; headers: Headers }>;
  metrics(): Promise<string>;
  close(): Promise<void>;
}

class EvidenceRecorder implements Plugin {
  readonly name = 'evidence-recorder';
  constructor(readonly events: EvidenceEvent[]) {}
  apply(kernel: Parameters<Plugin['apply']>[0]): void {
    kernel.hooks.evidence.tap(this.name, (event) => void this.events.push(event));
  }
}

export async function startKeyedGateway(
  keys: ClientKeysOptionsInput,
  preset: Partial<GatewayPresetOptions> = {},
  /** Start from a config file instead (written here, naming the fake upstream), so the gateway can reload. */
  configFile?: { readonly path: string; readonly text: (upstreamBaseUrl: string) => string },
): Promise<KeyedGateway> {
  const upstream = await startFakeUpstream();
  // A file carries the keys' mode and keys file as directives; the other options are for typed composition.
  const keyDirectives = `client_auth ${keys.clientAuth ?? 'off'};\n${keys.keysFile ? `client_keys_file ${keys.keysFile};\n` : ''}`;
  if (configFile !== undefined) await writeFile(configFile.path, configFile.text(upstream.baseUrl) + keyDirectives);
  const logs: string[] = [];
  const events: EvidenceEvent[] = [];
  const options: GatewayPresetOptions = {
    upstream: { baseUrl: upstream.baseUrl, apiKey: UPSTREAM_KEY, timeoutSeconds: 2 },
    costMeter: {
      prices: [
        { model: 'test-model', inputMicroUsdPerToken: 1, outputMicroUsdPerToken: 2 },
        { model: 'other-model', inputMicroUsdPerToken: 1, outputMicroUsdPerToken: 2 },
      ],
    },
    clientKeys: keys,
    ...preset,
  };
  const plugins = [() => new EvidenceRecorder(events)];
  const logger = loggerInto(logs);
  let gateway: Gateway;
  try {
    gateway =
      configFile === undefined
        ? await Gateway.create(options, { logger, plugins })
        : await Gateway.fromFile(configFile.path, { logger, plugins });
  } catch (error) {
    await upstream.close();
    throw error;
  }
  const { url } = await gateway.listen('127.0.0.1:0');
  return {
    gateway,
    url,
    upstream,
    logs,
    events,
    client: (key) =>
      new OpenAI({
        baseURL: `${url}/v1`,
        apiKey: key ?? 'unused',
        maxRetries: 0,
        timeout: 10_000,
        ...(key === undefined ? { defaultHeaders: { Authorization: null } } : {}),
      }),
    post: async (headers, model = 'test-model') => {
      const reply = await fetch(`${url}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ model, messages: [{ role: 'user', content: 'Hi' }] }),
        signal: AbortSignal.timeout(10_000),
      });
      return { status: reply.status, text: await reply.text(), headers: reply.headers };
    },
    metrics: async () => (await fetch(`${url}/metrics`)).text(),
    close: async () => {
      await gateway.shutdown();
      await upstream.close();
    },
  };
}

/** One user message to `model`. */
export function ask(client: OpenAI, model = 'test-model') {
  return client.chat.completions.create({ model, messages: [{ role: 'user', content: 'Hello there' }] });
}

/** The value of a counter in Prometheus text, 0 when absent. */
export function counterValue(text: string, name: string, labels: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}}`));
  return line === undefined ? 0 : Number(line.split(' ').at(-1));
}
