import assert from 'node:assert/strict';
import { describeRedis } from '../../fixtures/redis.js';
import { startFleet, type Fleet, type FleetMember } from './fleet-under-test.js';

const ask = (member: FleetMember, content: string, model = 'test-model') =>
  member.client.chat.completions.create({ model, messages: [{ role: 'user', content }] }).withResponse();

describeRedis('a fleet of two gateway processes: caches on one Redis and one Qdrant collection', (redis) => {
  let fleet: Fleet;
  // The root hooks kill every child process after each test, so each test starts its own fleet.
  beforeEach(async function () {
    this.timeout(60_000);
    fleet = await startFleet(redis());
  });
  afterEach(async () => fleet?.close());

  it('serves through B, without an upstream call, the exact answer stored through A', async () => {
    const stored = await ask(fleet.a, 'What is the capital of France?');
    assert.equal(stored.response.headers.get('x-sluice-cache'), 'miss');
    const calls = fleet.upstreamChats();
    const served = await ask(fleet.b, 'What is the capital of France?');
    assert.equal(served.response.headers.get('x-sluice-cache'), 'hit-exact');
    assert.deepEqual(served.data, stored.data);
    assert.equal(fleet.upstreamChats(), calls, "B's hit called no upstream");
  });

  it('serves through B a paraphrase of a question stored through A, from the shared Qdrant collection', async () => {
    const stored = await ask(fleet.a, 'How do I reset my password?');
    assert.equal(stored.response.headers.get('x-sluice-cache'), 'miss');
    const calls = fleet.upstreamChats();
    const served = await ask(fleet.b, 'how do I reset my password');
    assert.equal(served.response.headers.get('x-sluice-cache'), 'hit-semantic');
    assert.equal(served.data.choices[0]?.message.content, 'echo: How do I reset my password?');
    assert.equal(fleet.upstreamChats(), calls, "B's hit called no upstream");
  });

  it('a SIGHUP on A with a changed config changes A only', async function () {
    this.timeout(30_000);
    const question = 'Which river runs through Paris?';
    await ask(fleet.a, question);
    await fleet.reload(fleet.a, { extra: 'model_price other-model 3 4;', caches: false });

    // A: the new model is served and the caches are off, so the stored answer is fetched again.
    const calls = fleet.upstreamChats();
    // With both caches off A sends no x-sluice-cache header at all.
    assert.equal((await ask(fleet.a, question)).response.headers.get('x-sluice-cache'), null);
    assert.equal(fleet.upstreamChats(), calls + 1);
    assert.equal((await ask(fleet.a, 'A knows the new model', 'other-model')).data.model, 'other-model');

    // B: still its start config, serving from the caches and refusing the model only A was given.
    assert.equal((await ask(fleet.b, question)).response.headers.get('x-sluice-cache'), 'hit-exact');
    assert.equal(fleet.upstreamChats(), calls + 2);
    const refused = await ask(fleet.b, 'B does not know it', 'other-model').then(
      () => undefined,
      (error: unknown) => error as { status?: number; code?: string },
    );
    assert.deepEqual([refused?.status, refused?.code], [400, 'model_not_allowed'], 'B refuses other-model');
    assert.equal(fleet.upstreamChats(), calls + 2, 'the refused request reached no upstream');
  });
});
