import assert from 'node:assert/strict';
import { type ChatCompletion } from '@sluice/core';
import { deepFreeze } from '@sluice/core';
import { chatRequest, completion, kernelUnderTest } from '../../core/kernel-under-test.js';
import { mount, post } from './mounted-kernel.js';

/** Reply bodies that are served again as the same frozen object may be serialised once, and only those. */
describe('host: reply body', () => {
  it('writes what the body holds now, even when a frozen body can change what it serialises to', async () => {
    const { kernel } = kernelUnderTest();
    const plain = deepFreeze(completion('plain').body);
    let calls = 0;
    const changing: ChatCompletion = deepFreeze({
      ...completion().body,
      get id() {
        calls += 1;
        return `chatcmpl-${calls}`;
      },
    });
    const when = new Date(0);
    const dated = deepFreeze({ ...completion().body, created_at: when });
    kernel.hooks.upstream.tapPromise('u', async (exchange) => {
      const content = exchange.request.messages[0]?.content;
      const body = content === 'plain' ? plain : content === 'getter' ? changing : (dated as ChatCompletion);
      return { status: 200, body };
    });
    const server = await mount(kernel);
    try {
      const url = `${server.url}/v1/chat/completions`;
      const ask = async (content: string) =>
        (await (await post(url, JSON.stringify(chatRequest(content)))).json()) as ChatCompletion;
      assert.deepEqual(await ask('plain'), await ask('plain'));
      assert.equal((await ask('plain')).choices?.length, 1);
      assert.notEqual((await ask('getter')).id, (await ask('getter')).id);
      assert.equal((await ask('date')).created_at, new Date(0).toISOString());
      when.setTime(1000);
      assert.equal((await ask('date')).created_at, new Date(1000).toISOString());
    } finally {
      await server.close();
    }
  });
});
