import assert from 'node:assert/strict';
import { ADA, appForSuite, MODEL, requestLines } from './app-under-test.js';

const PROMPT = 'Which heron nests by the old mill race?';

describe("koa-mount: the app's logger gets request lines, never prompt text", () => {
  const suite = appForSuite();

  before(async () => {
    const client = suite.it.client(ADA.key);
    await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: PROMPT }] });
    await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: PROMPT }] });
    const stream = await client.chat.completions.create({
      model: MODEL,
      messages: [{ role: 'user', content: PROMPT }],
      stream: true,
    });
    for await (const _chunk of stream);
    await fetch(`${suite.it.url}/api/profile`, { headers: { authorization: `Bearer ${ADA.key}` } });
  });

  it('writes one line per request with method, path, status, user and cache outcome', () => {
    const chat = requestLines(suite.it.logLines, '/llm/v1/chat/completions');
    assert.deepEqual(
      chat.map((line) => [line.method, line.status, line.user, line.cache]),
      [
        ['POST', 200, ADA.user.id, 'miss'],
        ['POST', 200, ADA.user.id, 'hit-exact'],
        ['POST', 200, ADA.user.id, 'hit-exact'],
      ],
    );
    for (const line of chat) assert.match(String(line.trace_id), /^[0-9a-f-]{36}$/);
    const profile = requestLines(suite.it.logLines, '/api/profile');
    assert.deepEqual(
      profile.map((line) => [line.method, line.status, line.user]),
      [['GET', 200, ADA.user.id]],
    );
  });

  it("routes sluice's own lines through the app's logger as a child", () => {
    const sluice = suite.it.logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.component === 'sluice');
    assert.ok(sluice.some((line) => line.msg === 'request.completed'));
  });

  it('never logs the prompt, the answer or the key', () => {
    assert.ok(suite.it.logLines.length > 10);
    for (const line of suite.it.logLines) {
      assert.doesNotMatch(line, /heron|mill race/i);
      assert.ok(!line.includes(ADA.key));
    }
  });
});
