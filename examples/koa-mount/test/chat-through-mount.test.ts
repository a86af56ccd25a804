import assert from 'node:assert/strict';
import { ADA, appForSuite, chatCalls, MODEL, PROVIDER_KEY } from './app-under-test.js';

describe('koa-mount: chat completions through /llm with the official openai client', () => {
  const suite = appForSuite();
  beforeEach(() => suite.it.upstream.reset());

  it('passes a chat completion to the provider with the pipeline key, not the user key', async () => {
    const { data, response } = await suite.it
      .client(ADA.key)
      .chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Name a river in France.' }] })
      .withResponse();
    assert.equal(data.choices[0]?.message.content, 'echo: Name a river in France.');
    assert.equal(response.headers.get('x-sluice-cache'), 'miss');
    const [call] = chatCalls(suite.it.upstream);
    assert.equal(call?.headers['authorization'], `Bearer ${PROVIDER_KEY}`);
  });

  it('answers a repeat from the exact cache without calling the provider again', async () => {
    const ask = () =>
      suite.it
        .client(ADA.key)
        .chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Name a river in Spain.' }] })
        .withResponse();
    const first = await ask();
    const second = await ask();
    assert.equal(first.response.headers.get('x-sluice-cache'), 'miss');
    assert.equal(second.response.headers.get('x-sluice-cache'), 'hit-exact');
    assert.deepEqual(second.data, first.data);
    assert.equal(chatCalls(suite.it.upstream).length, 1);
  });

  it('streams under /llm (controlled streaming, streaming_enabled on)', async () => {
    const stream = await suite.it.client(ADA.key).chat.completions.create({
      model: MODEL,
      messages: [{ role: 'user', content: 'Name a river in Italy.' }],
      stream: true,
    });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    assert.equal(text, 'echo: Name a river in Italy.');
    const [call] = chatCalls(suite.it.upstream);
    assert.equal((call?.body as { stream?: unknown } | undefined)?.stream, true);
  });

  it('lists the provider models at /llm/v1/models through the pipeline', async () => {
    const ids = [];
    for await (const model of suite.it.client(ADA.key).models.list()) ids.push(model.id);
    assert.deepEqual(ids, [MODEL, 'gpt-4.1-mini']);
  });
});
