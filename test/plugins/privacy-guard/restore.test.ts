import assert from 'node:assert/strict';
import { type ChatCompletionChunk, type ChatRequest, type ModelResponse } from '@sluice/core';
import { replayChunks } from '@sluice/host';
import { completion, privacyKernel, type PrivacyUnderTest } from './privacy-under-test.js';

const EMAIL = 'ana.lopez@example.org';
const KEY = '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----';

/** The provider's chunks of an answer streamed in two pieces. */
function streamed(content: string): ModelResponse {
  const head = { id: 'chatcmpl-s', object: 'chat.completion.chunk', created: 1, model: 'test-model' };
  const half = Math.floor(content.length / 2);
  const chunks: ChatCompletionChunk[] = [
    { ...head, choices: [{ index: 0, delta: { role: 'assistant', content: content.slice(0, half) }, finish_reason: null }] },
    { ...head, choices: [{ index: 0, delta: { content: content.slice(half) }, finish_reason: null }] },
    { ...head, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] },
  ];
  return { ...completion({ content }), chunks };
}

function messageOf(response: ModelResponse | undefined): Record<string, unknown> {
  return (response?.body.choices?.[0] as { message: Record<string, unknown> }).message;
}

const lastContent = (request: ChatRequest) => String(request.messages.at(-1)?.content);

describe('privacy guard plugin: restore', () => {
  let guard: PrivacyUnderTest;
  afterEach(() => guard?.close());

  it('puts values back in content, tool-call arguments (as valid JSON) and reasoning', async () => {
    guard = await privacyKernel(
      { url: 'local' },
      {
        answer: () =>
          completion({
            content: 'I will mail [EMAIL_1].',
            reasoning_content: 'The user is [EMAIL_1]; the key is [PRIVATE_KEY_1].',
            tool_calls: [
              {
                id: 'call_1',
                type: 'function',
                function: { name: 'send', arguments: '{"to":"[EMAIL_1]","key":"[PRIVATE_KEY_1]"}' },
              },
            ],
          }),
      },
    );
    const exchange = await guard.ask(`I am ${EMAIL}, my key:\n${KEY}`);
    assert.equal(exchange.error, undefined);
    const message = messageOf(exchange.response);
    assert.equal(message.content, `I will mail ${EMAIL}.`);
    assert.equal(message.reasoning_content, `The user is ${EMAIL}; the key is ${KEY}.`);
    const call = (message.tool_calls as { id: string; function: { name: string; arguments: string } }[])[0]!;
    assert.equal(call.id, 'call_1');
    assert.equal(call.function.name, 'send');
    assert.deepEqual(JSON.parse(call.function.arguments), { to: EMAIL, key: KEY });
  });

  it('a streamed answer is restored and returned without chunks, so the replay carries the values', async () => {
    guard = await privacyKernel({ url: 'local' }, { answer: (request) => streamed(`Hello ${lastContent(request)}!`) });
    const exchange = await guard.ask(`I am ${EMAIL}`);
    assert.equal(exchange.response?.chunks, undefined);
    assert.equal(messageOf(exchange.response).content, `Hello I am ${EMAIL}!`);
    const replayed = JSON.stringify(replayChunks(exchange.response!, false));
    assert.ok(replayed.includes(EMAIL) && !replayed.includes('[EMAIL_1]'));
  });

  it('an answer without placeholders is handed on as it came, chunks and all', async () => {
    const answer = streamed('Nothing to put back.');
    guard = await privacyKernel({ url: 'local' }, { answer: () => answer });
    const exchange = await guard.ask(`I am ${EMAIL}`);
    assert.equal(exchange.response, answer);
    assert.equal(await guard.counter('gw_privacy_restore_skipped_total', { reason: 'no_placeholders' }), 1);
  });

  for (const failOpen of [false, true]) {
    it(`a missing mapping fails closed with privacy_restore_failed (guard_fail_open ${failOpen ? 'on' : 'off'})`, async () => {
      // The mapping expires while the upstream answers.
      guard = await privacyKernel(
        { url: 'local', mappingTtlSeconds: 0.05, failOpen },
        {
          answer: async (request) => {
            await new Promise((resolve) => setTimeout(resolve, 150));
            return completion({ content: `Re: ${lastContent(request)}` });
          },
        },
      );
      const exchange = await guard.ask(`I am ${EMAIL}`);
      assert.equal(exchange.error?.code, 'privacy_restore_failed');
      assert.equal(exchange.error?.status, 502);
      assert.equal(exchange.response, undefined, 'no answer with placeholders reaches the client');
      assert.equal(
        await guard.counter('gw_guard_requests_total', { guard: 'privacy', stage: 'restore', outcome: 'failed_closed' }),
        1,
      );
      assert.ok(guard.events.some((e) => e.event_type === 'privacy.restore' && e.outcome === 'failed'));
      assert.ok(!guard.recorded().includes(EMAIL));
    });
  }
});
