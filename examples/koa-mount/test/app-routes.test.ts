import assert from 'node:assert/strict';
import { ADA, appForSuite, MODEL } from './app-under-test.js';

describe("koa-mount: the app's own routes beside the mount", () => {
  const suite = appForSuite();
  const get = (path: string, key?: string) =>
    fetch(`${suite.it.url}${path}`, key === undefined ? {} : { headers: { authorization: `Bearer ${key}` } });

  it('answers GET /health without a key, with the pipeline ready', async () => {
    const response = await get('/health');
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { status: 'ok', llm: 'ready' });
  });

  it("answers GET /api/profile with the caller's user", async () => {
    const response = await get('/api/profile', ADA.key);
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { id: ADA.user.id, name: ADA.user.name });
  });

  it("serves sluice's counters at GET /metrics", async () => {
    await suite.it.client(ADA.key).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Count me.' }] });
    const response = await get('/metrics');
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
    assert.match(await response.text(), /^gw_requests_total [1-9]/m);
  });

  it("answers an unknown route in the app's problem format", async () => {
    const response = await get('/api/nothing-here', ADA.key);
    assert.equal(response.status, 404);
    assert.equal(response.headers.get('content-type'), 'application/problem+json');
    assert.deepEqual(await response.json(), {
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: 'No route for GET /api/nothing-here.',
      code: 'not_found',
    });
  });
});
