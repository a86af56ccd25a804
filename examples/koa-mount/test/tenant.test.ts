import assert from 'node:assert/strict';
import { ADA, appForSuite, chatCalls, GRACE, MODEL } from './app-under-test.js';

interface EvidenceLine {
  readonly evidence?: {
    readonly event_type: string;
    readonly trace_id: string;
    readonly actor?: { readonly tenant_id?: string };
  };
}

describe("koa-mount: the app's user is the tenant of each exchange", () => {
  const suite = appForSuite();
  beforeEach(() => suite.it.upstream.reset());

  const evidence = () =>
    suite.it.logLines
      .map((line) => JSON.parse(line) as EvidenceLine)
      .flatMap((line) => (line.evidence === undefined ? [] : [line.evidence]));

  it("names the user as the tenant in the exchange's evidence", async () => {
    const { response } = await suite.it
      .client(ADA.key)
      .chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Whose tenant am I?' }] })
      .withResponse();
    const trace = response.headers.get('x-sluice-trace-id');
    const events = evidence().filter((event) => event.trace_id === trace);
    assert.ok(events.some((event) => event.event_type === 'request.completed'));
    assert.ok(events.every((event) => event.actor?.tenant_id === ADA.user.id));
  });

  it('names the user in the evidence of a body sluice refused', async () => {
    await suite.it
      .client(GRACE.key)
      .chat.completions.create({ model: MODEL, messages: [] })
      .catch(() => undefined);
    const failed = evidence().filter((event) => event.event_type === 'request.failed');
    assert.equal(failed.at(-1)?.actor?.tenant_id, GRACE.user.id);
  });

  it('keeps the exact cache apart per user', async () => {
    const ask = (key: string) =>
      suite.it
        .client(key)
        .chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Same words, two users.' }] })
        .withResponse();
    assert.equal((await ask(ADA.key)).response.headers.get('x-sluice-cache'), 'miss');
    assert.equal((await ask(ADA.key)).response.headers.get('x-sluice-cache'), 'hit-exact');
    assert.equal((await ask(GRACE.key)).response.headers.get('x-sluice-cache'), 'miss');
    assert.equal((await ask(GRACE.key)).response.headers.get('x-sluice-cache'), 'hit-exact');
    assert.equal(chatCalls(suite.it.upstream).length, 2);
  });
});
