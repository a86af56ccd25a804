/** A kernel with a silent logger and every evidence event captured, for the core suites. */
import { Kernel, type EvidenceEvent, type KernelOptions, type ChatRequest } from '@sluice/core';
import { pino } from 'pino';

export function kernelUnderTest(options: KernelOptions = {}): { kernel: Kernel; events: EvidenceEvent[] } {
  const kernel = new Kernel({ logger: pino({ level: 'silent' }), ...options });
  const events: EvidenceEvent[] = [];
  kernel.hooks.evidence.tap('capture', (event) => {
    events.push(event);
  });
  return { kernel, events };
}

export const chatRequest = (content = 'hello'): ChatRequest => ({ model: 'test-model', messages: [{ role: 'user', content }] });

export const completion = (content = 'hi there') => ({
  status: 200,
  body: {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1,
    model: 'test-model',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 },
  },
});
