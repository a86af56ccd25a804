/** A kernel with the security guard plugin, a stub upstream (scriptable answers) and collected evidence. */
import { Exchange, Kernel, type ChatCompletion, type ChatMessage, type ChatRequest, type EvidenceEvent } from '@sluice/core';
import { SecurityGuardPlugin, type SecurityGuardOptionsInput } from '@sluice/plugin-security-guard';
import { pino } from 'pino';
import { metricValue, tapStubUpstream } from '../../fixtures/stub-upstream.js';

export interface GuardUnderTest {
  kernel: Kernel;
  plugin: SecurityGuardPlugin;
  events: EvidenceEvent[];
  /** Upstream calls, stub and scripted together. */
  upstreamCalls: () => number;
  /** The assistant message of the next answers (until changed); undefined: the stub's echo. */
  answerWith(message: Record<string, unknown> | undefined): void;
  /** Runs one request whose last user turn is `content`, after an optional system prompt. */
  ask(content: unknown, system?: string): Promise<Exchange>;
  run(request: ChatRequest): Promise<Exchange>;
  counter(name: string, labels?: Record<string, string>): Promise<number>;
  /** gw_guard_requests_total for the security guard at a stage and outcome. */
  outcome(stage: 'request' | 'response', outcome: string): Promise<number>;
  close(): Promise<void>;
}

export async function securityKernel(options: SecurityGuardOptionsInput = {}): Promise<GuardUnderTest> {
  const kernel = new Kernel({ logger: pino({ level: 'silent' }) });
  const plugin = new SecurityGuardPlugin(options);
  kernel.use(plugin);
  const events: EvidenceEvent[] = [];
  kernel.hooks.evidence.tap('test-collector', (event) => void events.push(event));
  let scripted: Record<string, unknown> | undefined;
  let scriptedCalls = 0;
  kernel.hooks.upstream.tapPromise('scripted-upstream', async (exchange) => {
    if (scripted === undefined) return undefined;
    scriptedCalls += 1;
    const body: ChatCompletion = {
      id: `chatcmpl-scripted-${scriptedCalls}`,
      object: 'chat.completion',
      model: exchange.request.model,
      choices: [{ index: 0, message: { role: 'assistant', ...scripted }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 5, completion_tokens: 7, total_tokens: 12 },
    };
    return { status: 200, body };
  });
  const stubCalls = tapStubUpstream(kernel);
  await kernel.start();
  const run = async (request: ChatRequest) => {
    const exchange = new Exchange({ request });
    await kernel.run(exchange);
    return exchange;
  };
  return {
    kernel,
    plugin,
    events,
    upstreamCalls: () => stubCalls() + scriptedCalls,
    answerWith(message) {
      scripted = message;
    },
    ask(content, system) {
      const messages: ChatMessage[] = [
        ...(system === undefined ? [] : [{ role: 'system', content: system }]),
        { role: 'user', content },
      ];
      return run({ model: 'test-model', messages });
    },
    run,
    counter: (name, labels = {}) => metricValue(kernel.metrics, name, labels),
    outcome: (stage, outcome) => metricValue(kernel.metrics, 'gw_guard_requests_total', { guard: 'security', stage, outcome }),
    close: () => kernel.stop(),
  };
}

/** The security guard's events. */
export function securityEvents(events: readonly EvidenceEvent[]): EvidenceEvent[] {
  return events.filter((e) => e.source === 'security_guard');
}
