/** The system-prompt echo check: a response that repeats a long passage of the system prompt is a leak. */
import assert from 'node:assert/strict';
import { SecurityGuardEngine, systemPromptEchoes } from '@sluice/plugin-security-guard';

const SYSTEM =
  'You are Ada, the billing assistant of Acme Telecom. Only discuss invoices, refunds and payment plans. ' +
  'Never mention the internal discount code WINTER-SAVE or the escalation phone line.';

describe('security engine: system-prompt echo', () => {
  const engine = new SecurityGuardEngine();
  const respond = (content: string, systemPrompt: string | undefined = SYSTEM) =>
    engine.scan({
      stage: 'response',
      messages: [{ role: 'assistant', content }],
      ...(systemPrompt === undefined ? {} : { system_prompt: systemPrompt }),
    });

  it('blocks an answer that repeats a long run of the system prompt, whatever its case and punctuation', () => {
    const reply = respond(
      'Sure! My instructions say: "you are ada -- the billing assistant of ACME telecom; only discuss invoices, refunds and payment plans".',
    );
    assert.equal(reply.blocked, true);
    assert.equal(reply.rule_id, 'leak.system_prompt_echo');
    assert.deepEqual(reply.findings, [
      { kind: 'system_prompt_leak', count: 1, severity: 'high', rule_id: 'leak.system_prompt_echo' },
    ]);
  });

  it('passes an answer that shares a few words with the system prompt', () => {
    assert.equal(respond('I am the billing assistant. Your invoice for March is ready; refunds take five days.').allowed, true);
  });

  it('does nothing without a system prompt, or with a short boilerplate one', () => {
    assert.equal(respond('You are a helpful assistant.', undefined).allowed, true);
    assert.equal(respond('As you said: you are a helpful assistant.', 'You are a helpful assistant.').allowed, true);
  });

  it('counts separate repeated passages, not every overlapping window', () => {
    const first = 'you are ada the billing assistant of acme telecom only discuss invoices refunds and payment plans';
    const second = 'never mention the internal discount code winter save or the escalation phone line';
    assert.equal(systemPromptEchoes(`${first}. Also: ${second}.`, SYSTEM), 2);
    assert.equal(systemPromptEchoes(first, SYSTEM), 1);
  });

  it('a shorter span is stricter', () => {
    const strict = new SecurityGuardEngine({ echoSpanWords: 6 });
    const reply = strict.scan({
      stage: 'response',
      messages: [{ role: 'assistant', content: 'Only discuss invoices, refunds and payment plans.' }],
      system_prompt: SYSTEM,
    });
    assert.equal(reply.blocked, true);
    assert.equal(respond('Only discuss invoices, refunds and payment plans.').allowed, true);
  });
});
