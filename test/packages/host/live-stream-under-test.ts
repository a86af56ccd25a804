/**
 * A kernel with the upstream plugin (and any others) mounted in Koa in front of the fake provider, and a
 * way to tell, by the order of events, whether a streamed answer reached the openai client while the
 * provider was still generating.
 */
import OpenAI from 'openai';
import { pino } from 'pino';
import { Kernel, type EvidenceEvent, type Mode, type Plugin } from '@sluice/core';
import type { StreamingMode } from '@sluice/host';
import { OpenAIUpstreamPlugin } from '@sluice/plugin-openai-upstream';
import type { FakeUpstream, RecordedCall } from '../../fixtures/fake-upstream.js';
import { mount } from './mounted-kernel.js';

export interface LiveGateway {
  readonly url: string;
  readonly client: OpenAI;
  readonly events: EvidenceEvent[];
  close(): Promise<void>;
}

export async function liveGateway(
  upstream: FakeUpstream,
  plugins: readonly Plugin[] = [],
  options: { streamingMode?: StreamingMode; mode?: Mode } = {},
): Promise<LiveGateway> {
  const kernel = new Kernel({ mode: options.mode ?? 'enforce', logger: pino({ level: 'silent' }) });
  const events: EvidenceEvent[] = [];
  kernel.hooks.evidence.tap('test', (event) => void events.push(event));
  for (const plugin of plugins) kernel.use(plugin);
  kernel.use(new OpenAIUpstreamPlugin({ baseUrl: upstream.baseUrl, apiKey: 'sk-upstream-test' }));
  await kernel.start();
  const server = await mount(kernel, {
    streaming: true,
    ...(options.streamingMode ? { streamingMode: options.streamingMode } : {}),
  });
  const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'client-key', maxRetries: 0, timeout: 10_000 });
  return {
    url: server.url,
    client,
    events,
    close: async () => {
      await server.close();
      await kernel.stop();
    },
  };
}

export const ask = (content: string) => [{ role: 'user' as const, content }];

/** A promise and the function that resolves it. */
export function gate(): { release: Promise<void>; open: () => void } {
  let open!: () => void;
  const release = new Promise<void>((resolve) => (open = resolve));
  return { release, open };
}

/** Events the fake writes before it pauses: the role chunk and two pieces of content. */
export const PAUSE_AFTER = 3;

export interface PausedRead {
  /** Whether the client had its first chunk while the provider was paused mid-answer. */
  readonly firstChunkWhilePaused: boolean;
  readonly text: string;
  readonly headers: Headers;
  readonly call: RecordedCall;
}

/**
 * Streams `content` through the gateway while the fake provider pauses after {@link PAUSE_AFTER} events.
 * `live`: the provider resumes once the client has its first chunk (it never would, held). `held`: the
 * provider resumes once it has written those events and the gateway has had time to forward them; a held
 * answer then reaches the client only after.
 */
export async function readWhilePaused(
  gateway: Pick<LiveGateway, 'client'>,
  upstream: FakeUpstream,
  content: string,
  expect: 'live' | 'held',
): Promise<PausedRead> {
  const pause = gate();
  const called = gate();
  let call: RecordedCall | undefined;
  upstream.behave((recorded) => {
    call = recorded;
    called.open();
    return { kind: 'stream', pauseAt: { after: PAUSE_AFTER, release: pause.release } };
  });
  let paused = true;
  const firstChunk = gate();
  const reading = (async () => {
    const { data, response } = await gateway.client.chat.completions
      .create({ model: 'test-model', messages: ask(content), stream: true })
      .withResponse();
    let firstChunkWhilePaused: boolean | undefined;
    let text = '';
    for await (const chunk of data) {
      firstChunkWhilePaused ??= paused;
      firstChunk.open();
      text += chunk.choices[0]?.delta.content ?? '';
    }
    return { firstChunkWhilePaused: firstChunkWhilePaused ?? false, text, headers: response.headers };
  })();
  await called.release;
  await call!.wrote(PAUSE_AFTER);
  if (expect === 'live') await Promise.race([firstChunk.release, reading]);
  else await new Promise((resolve) => setTimeout(resolve, 200));
  paused = false;
  pause.open();
  return { ...(await reading), call: call! };
}
