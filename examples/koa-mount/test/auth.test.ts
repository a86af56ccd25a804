import assert from 'node:assert/strict';
import OpenAI from 'openai';
import { ADA, appForSuite, chatCalls, MODEL } from './app-under-test.js';

describe("koa-mount: the app's auth guards its routes and the mount", () => {
  const suite = appForSuite();
  beforeEach(() => suite.it.upstream.reset());

  it("refuses a bad key on the app's routes in the app's problem format", async () => {
    const response = await fetch(`${suite.it.url}/api/profile`, { headers: { authorization: 'Bearer not-a-key' } });
    assert.equal(response.status, 401);
    assert.equal(response.headers.get('www-authenticate'), 'Bearer');
    assert.equal(response.headers.get('content-type'), 'application/problem+json');
    assert.deepEqual(await response.json(), {
      type: 'about:blank',
      title: 'Unauthorized',
      status: 401,
      detail: 'The API key is not valid.',
      code: 'invalid_api_key',
    });
  });

  it('refuses a request without a key', async () => {
    const response = await fetch(`${suite.it.url}/api/profile`);
    assert.equal(response.status, 401);
    assert.equal(((await response.json()) as { code: string }).code, 'missing_api_key');
  });

  it('refuses a bad key under /llm with an envelope the openai client reads, before the pipeline', async () => {
    const client = suite.it.client('not-a-key');
    // #region refused
    await assert.rejects(
      client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Let me in.' }] }),
      (error: unknown) => {
        assert.ok(error instanceof OpenAI.AuthenticationError);
        assert.equal(error.status, 401);
        assert.equal(error.code, 'invalid_api_key');
        assert.equal(error.type, 'invalid_request_error');
        assert.equal(error.message, '401 The API key is not valid.');
        return true;
      },
    );
    // #endregion refused
    await assert.rejects(client.models.list(), (error: unknown) => error instanceof OpenAI.AuthenticationError);
    assert.equal(chatCalls(suite.it.upstream).length, 0);
    assert.equal(suite.it.upstream.calls.length, 0);
  });

  it('lets a good key through the same mount', async () => {
    const completion = await suite.it
      .client(ADA.key)
      .chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Let me in.' }] });
    assert.equal(completion.choices[0]?.message.content, 'echo: Let me in.');
  });
});
