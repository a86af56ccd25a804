import assert from 'node:assert/strict';
import OpenAI from 'openai';
import { ADA, appForSuite, chatCalls, MODEL, requestLines } from './app-under-test.js';

const CHAT = '/llm/v1/chat/completions';

describe("koa-mount: sluice's errors under /llm keep sluice's envelope", () => {
  const suite = appForSuite();
  beforeEach(() => suite.it.upstream.reset());
  const post = (body: string) =>
    fetch(`${suite.it.url}${CHAT}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADA.key}`, 'content-type': 'application/json' },
      body,
    });

  it('answers a body sluice refuses with its envelope, and the app logs the code', async () => {
    await assert.rejects(suite.it.client(ADA.key).chat.completions.create({ model: MODEL, messages: [] }), (error: unknown) => {
      assert.ok(error instanceof OpenAI.BadRequestError);
      assert.equal(error.status, 400);
      assert.equal(error.code, 'invalid_request');
      assert.equal(error.type, 'invalid_request_error');
      return true;
    });
    const line = requestLines(suite.it.logLines, CHAT).at(-1);
    assert.equal(line?.status, 400);
    assert.equal(line?.llm_error, 'invalid_request');
    assert.equal(line?.user, ADA.user.id);
    assert.equal(chatCalls(suite.it.upstream).length, 0);
  });

  it('answers a body that is not JSON with invalid_json', async () => {
    const response = await post('{"model": ');
    assert.equal(response.status, 400);
    assert.match(response.headers.get('x-sluice-trace-id') ?? '', /^[0-9a-f-]{36}$/);
    const body = (await response.json()) as { error: { code: string; type: string; param: null } };
    assert.equal(body.error.code, 'invalid_json');
    assert.equal(body.error.param, null);
  });

  it('answers a model outside the allowlist with model_not_allowed', async () => {
    await assert.rejects(
      suite.it.client(ADA.key).chat.completions.create({ model: 'gpt-unlisted', messages: [{ role: 'user', content: 'hi' }] }),
      (error: unknown) => error instanceof OpenAI.BadRequestError && error.code === 'model_not_allowed',
    );
  });

  it('answers a wrong method and an unknown path under /llm with envelopes, not the app format', async () => {
    const headers = { authorization: `Bearer ${ADA.key}` };
    const wrongMethod = await fetch(`${suite.it.url}${CHAT}`, { headers });
    assert.equal(wrongMethod.status, 405);
    assert.equal(((await wrongMethod.json()) as { error: { code: string } }).error.code, 'method_not_allowed');
    const unknown = await fetch(`${suite.it.url}/llm/v1/audio/speech`, { method: 'POST', headers });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.deepEqual(await unknown.json(), {
      error: {
        message: 'No route for POST /llm/v1/audio/speech.',
        type: 'invalid_request_error',
        code: 'not_found',
        param: null,
      },
    });
  });
});
