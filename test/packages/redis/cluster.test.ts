import assert from 'node:assert/strict';
import { connectRedis, type RedisConnection } from '@sluice/redis';
import { describeRedisCluster } from '../../fixtures/redis-cluster.js';

const TWO_KEYS = `redis.call('SET', KEYS[1], ARGV[1]); redis.call('SET', KEYS[2], ARGV[1]); return 1`;

describeRedisCluster('connectRedis on a three-node Redis Cluster', (cluster) => {
  let connection: RedisConnection;
  const options = () => ({
    url: cluster().url,
    store: 'test store',
    dependency: 'test_kv',
    timeoutMs: 1000,
    connectTimeoutMs: 5000,
  });

  before(async () => {
    connection = await connectRedis(options());
  });
  after(async () => {
    await connection?.redis.close();
  });

  it('connects to the cluster the URL names and reports it up', () => {
    assert.equal(connection.cluster, true);
    assert.deepEqual(connection.redis.state(), { up: true });
  });

  it('writes keys across the nodes and reads them back in one getMany, whatever their slots', async () => {
    const { prefix } = cluster();
    const keys = Array.from({ length: 30 }, (_, i) => `${prefix}spread:${i}`);
    for (const key of keys)
      await connection.redis.command(
        () => connection.commands.eval(`return redis.call('SET', KEYS[1], ARGV[1])`, { keys: [key], arguments: [key] }),
        'set',
      );
    const values = await connection.redis.command(() => connection.getMany([...keys, `${prefix}absent`]), 'read');
    assert.deepEqual(values, [...keys, null]);
    const perNode = await cluster().keysPerNode(`${prefix}spread:*`);
    assert.equal(
      perNode.reduce((a, b) => a + b, 0),
      30,
    );
    assert.ok(perNode.filter((count) => count > 0).length > 1, `keys on more than one node: ${perNode.join(', ')}`);
  });

  it('runs a two-key script on keys under one slot prefix (a hash tag)', async () => {
    const prefix = connection.slotPrefix(cluster().prefix);
    assert.match(prefix, /^\{.+\}:$/);
    const keys = [`${prefix}a`, `${prefix}b`];
    await connection.redis.command(() => connection.commands.eval(TWO_KEYS, { keys, arguments: ['v'] }), 'two');
    assert.deepEqual(await connection.getMany(keys), ['v', 'v']);
    const slots = await Promise.all(keys.map((key) => cluster().command(cluster().ports[0]!, ['CLUSTER', 'KEYSLOT', key])));
    assert.equal(slots[0], slots[1]);
  });

  it('is refused with the password masked when no node answers', async () => {
    await assert.rejects(
      connectRedis({ ...options(), url: 'redis+cluster://:hunter2@127.0.0.1:1', connectTimeoutMs: 1000 }),
      (error: Error) => {
        assert.match(error.message, /redis\+cluster:\/\/:\*\*\*@127\.0\.0\.1:1 did not answer/);
        return true;
      },
    );
  });

  it('counts as down at once when a node is killed, and fails commands at once instead of hanging', async () => {
    await cluster().kill(2);
    const deadline = Date.now() + 5000;
    while (connection.redis.state().up && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const state = connection.redis.state();
    assert.equal(state.up, false);
    await assert.rejects(
      connection.redis.command(() => connection.commands.get(`${cluster().prefix}x`), 'get'),
      /not connected/,
    );
  });

  it('is up again once the node is back, and its keys answer', async function () {
    this.timeout(30_000);
    await cluster().restart(2);
    const deadline = Date.now() + 15_000;
    while (!connection.redis.state().up && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual(connection.redis.state(), { up: true });
    const keys = Array.from({ length: 30 }, (_, i) => `${cluster().prefix}back:${i}`);
    for (const key of keys)
      await connection.redis.command(
        () => connection.commands.eval(`return redis.call('SET', KEYS[1], '1')`, { keys: [key], arguments: [] }),
        'set',
      );
    assert.deepEqual(
      await connection.getMany(keys),
      keys.map(() => '1'),
    );
  });
});
