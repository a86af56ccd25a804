/** The example app on 127.0.0.1 in front of a fake provider, with every log line it writes captured. */
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { parseGatewayConfig } from '@sluice/preset-gateway';
import OpenAI from 'openai';
import { pino } from 'pino';
import { startFakeUpstream, type FakeUpstream } from '../../../test/fixtures/fake-upstream.js';
import { createApp, type App } from '../src/app.js';
import { UserDirectory, type UserKey } from '../src/users.js';

export const ADA: UserKey = { key: 'key-of-ada-7f3c', user: { id: 'user-ada', name: 'Ada' } };
export const GRACE: UserKey = { key: 'key-of-grace-91d2', user: { id: 'user-grace', name: 'Grace' } };
/** The key the pipeline sends to the provider: never an app user's key. */
export const PROVIDER_KEY = 'provider-key-5be1';
export const MODEL = 'gpt-4o-mini';

export interface AppUnderTest {
  readonly app: App;
  readonly upstream: FakeUpstream;
  readonly url: string;
  /** Every line the app's logger wrote, sluice's included, as written. */
  readonly logLines: string[];
  /** The official openai client, pointed at the mount with an app user's key. */
  client(key: string): OpenAI;
  close(): Promise<void>;
}

export async function startApp(): Promise<AppUnderTest> {
  const upstream = await startFakeUpstream({ models: [MODEL, 'gpt-4.1-mini'] });
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      logLines.push(
        ...String(chunk)
          .split('\n')
          .filter((line) => line !== ''),
      );
      done();
    },
  });
  const text = await readFile(new URL('../llm.conf', import.meta.url), 'utf8');
  const env = { OPENAI_BASE_URL: upstream.baseUrl, OPENAI_API_KEY: PROVIDER_KEY };
  const llmConfig = await parseGatewayConfig(text, 'llm.conf', { env });
  const app = await createApp({ users: new UserDirectory([ADA, GRACE]), llmConfig, logger: pino({ level: 'info' }, sink) });
  const server: Server = app.koa.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    app,
    upstream,
    url,
    logLines,
    // #region client
    client: (key) => new OpenAI({ baseURL: `${url}/llm/v1`, apiKey: key, maxRetries: 0, timeout: 10_000 }),
    // #endregion client
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await app.close();
      await upstream.close();
    },
  };
}

/** Mocha hooks: one app and fake provider for the whole suite. */
export function appForSuite(): { readonly it: AppUnderTest } {
  const suite = {} as { it: AppUnderTest };
  before(async () => {
    suite.it = await startApp();
  });
  after(async () => {
    await suite.it?.close();
  });
  return suite;
}

/** The parsed log lines whose `msg` is `request`, for one path. */
export function requestLines(logLines: readonly string[], path: string): Record<string, unknown>[] {
  return logLines
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === 'request' && line.path === path);
}

export const chatCalls = (upstream: FakeUpstream) => upstream.calls.filter((call) => call.path === '/v1/chat/completions');
