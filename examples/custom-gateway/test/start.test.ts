import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import OpenAI from 'openai';
import { startChild } from '../../../test/fixtures/child-process.js';
import { startFakeUpstream, type FakeUpstream } from '../../../test/fixtures/fake-upstream.js';

const START = fileURLToPath(new URL('../dist/start.js', import.meta.url));

describe('custom gateway: node examples/custom-gateway/dist/start.js', () => {
  let upstream: FakeUpstream;
  before(async () => {
    upstream = await startFakeUpstream();
  });
  after(async () => {
    await upstream?.close();
  });

  it('listens, prints a token for its own secret, answers with it, and exits 0 on SIGTERM', async function () {
    this.timeout(30_000);
    const child = startChild(process.execPath, [START], {
      env: { UPSTREAM_BASE_URL: upstream.baseUrl, LISTEN_ADDR: '127.0.0.1:0', JWT_SECRET: '' },
    });
    const listening = await child.waitForLine(/^custom gateway listening on /, 20_000);
    const url = /on (http:\/\/\S+) /.exec(listening)?.[1];
    const token = (await child.waitForLine(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/, 5_000)).trim();
    const client = new OpenAI({
      baseURL: `${url}/v1`,
      apiKey: 'unused',
      defaultHeaders: { authorization: `Bearer ${token}` },
      maxRetries: 0,
      timeout: 10_000,
    });
    const answer = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }] });
    assert.equal(answer.choices[0]?.message.content, 'echo: hello');
    // The evidence line is written as the request ends, and may reach this process after the answer does.
    await child.waitForLine(/^(?=.*"event_type":"tenant\.identified")(?=.*"tenant_id":"acme")/, 5_000);
    child.signal('SIGTERM');
    assert.deepEqual(await child.exited, { code: 0, signal: null });
  });
});
