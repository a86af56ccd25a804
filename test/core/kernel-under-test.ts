/** A kernel with a silent logger and every evidence event captured, for the core suites. */
import { defineErrors, Kernel, type EvidenceEvent, type KernelOptions, type ChatRequest } from '@sluice/core';
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

/** Codes of the core suites' own, as a host or plugin would define its: the kernel alone knows none of theirs. */
export const SUITE_ERRORS = defineErrors('core-suite', {
  malformed_body: {
    status: 400,
    type: 'invalid_request_error',
    message: 'The body is not a chat request.',
    description: 'A host refused the body at the door.',
  },
});
