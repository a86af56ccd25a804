/**
 * A kernel with the privacy guard and a stub upstream that records what it received. Evidence events
 * and log lines are kept, so a test can check that no value ever reaches them.
 */
import {
  Exchange,
  Kernel,
  type ChatMessage,
  type ChatRequest,
  type EvidenceEvent,
  type ModelResponse,
  type Plugin,
} from '@sluice/core';
import { PrivacyGuardPlugin, type PrivacyGuardOptionsInput } from '@sluice/plugin-privacy-guard';
import { pino } from 'pino';
import { metricValue, tapStubUpstream } from '../../fixtures/stub-upstream.js';

export interface PrivacyUnderTest {
  kernel: Kernel;
  plugin: PrivacyGuardPlugin;
  /** Each request as the upstream received it. */
  received: ChatRequest[];
  upstreamCalls: () => number;
  events: EvidenceEvent[];
  logLines: string[];
  /** Runs one request: a user turn with `content`, or the given messages, plus extra fields. */
  ask(content: string | ChatMessage[], extra?: Partial<ChatRequest> & { tenant?: string }): Promise<Exchange>;
  counter(name: string, labels?: Record<string, string>): Promise<number>;
  /** Everything the gateway wrote or recorded about its requests, as one string. */
  recorded(): string;
  close(): Promise<void>;
}

export interface PrivacyKernelSetup {
  /** Answers in place of the stub upstream (which answers `answer <n> to <last user content>`). */
  answer?: (request: ChatRequest) => ModelResponse | Promise<ModelResponse>;
  /** Plugins added after the privacy guard (e.g. a cache). */
  plugins?: Plugin[];
}

export async function privacyKernel(
  options: PrivacyGuardOptionsInput,
  setup: PrivacyKernelSetup = {},
): Promise<PrivacyUnderTest> {
  const logLines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) });
  const kernel = new Kernel({ logger });
  const plugin = new PrivacyGuardPlugin(options);
  kernel.use(plugin);
  for (const extra of setup.plugins ?? []) kernel.use(extra);
  const received: ChatRequest[] = [];
  const events: EvidenceEvent[] = [];
  kernel.hooks.evidence.tap('test-recorder', (event) => void events.push(event));
  kernel.hooks.upstream.tapPromise({ name: 'test-recorder', stage: -1 }, async (exchange) => {
    received.push(exchange.request);
    return undefined;
  });
  let calls = 0;
  const answer = setup.answer;
  const upstreamCalls =
    answer === undefined
      ? tapStubUpstream(kernel)
      : (kernel.hooks.upstream.tapPromise('test-answer', async (exchange) => {
          calls += 1;
          return answer(exchange.request);
        }),
        () => calls);
  await kernel.start();
  return {
    kernel,
    plugin,
    received,
    upstreamCalls,
    events,
    logLines,
    async ask(content, extra = {}) {
      const { tenant, ...fields } = extra;
      const messages = typeof content === 'string' ? [{ role: 'user', content }] : content;
      const request: ChatRequest = { model: 'test-model', ...fields, messages };
      const exchange = new Exchange({ request, ...(tenant ? { tenant } : {}) });
      await kernel.run(exchange);
      return exchange;
    },
    counter: (name, labels = {}) => metricValue(kernel.metrics, name, labels),
    recorded: () => JSON.stringify(events) + logLines.join(''),
    close: () => kernel.stop(),
  };
}

/** A chat completion whose assistant message is `message`. */
export function completion(message: Record<string, unknown>, extra: Partial<ModelResponse> = {}): ModelResponse {
  return {
    status: 200,
    body: {
      id: 'chatcmpl-test',
      object: 'chat.completion',
      created: 1,
      model: 'test-model',
      choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 5, completion_tokens: 7, total_tokens: 12 },
    },
    ...extra,
  };
}

/** The content of the first choice's message. */
export function answerOf(exchange: Exchange): unknown {
  const choice = exchange.response?.body.choices?.[0] as { message?: { content?: unknown } } | undefined;
  return choice?.message?.content;
}
