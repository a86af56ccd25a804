import assert from 'node:assert/strict';
import { createClient } from '@keyv/redis';
import { RedisTimeoutError, watchRedis, type WatchedRedis } from '@sluice/redis';
import { blackhole, pass, startFaultProxy, type FaultProxy } from '../../fixtures/fault-proxy.js';
import { freePort } from '../../fixtures/free-port.js';
import { describeRedis } from '../../fixtures/redis.js';
import { until } from '../../apps/gateway/fault-injection-gateway.js';

const TIMEOUT_MS = 300;

function clientFor(port: number, password = '') {
  const auth = password === '' ? '' : `:${password}@`;
  return createClient({ url: `redis://${auth}127.0.0.1:${port}`, disableOfflineQueue: true, socket: { connectTimeout: 1000 } });
}

const options = (port: number) => ({
  url: `redis://127.0.0.1:${port}`,
  store: 'test store',
  dependency: 'test_kv',
  timeoutMs: TIMEOUT_MS,
  connectTimeoutMs: 1000,
});

describe('watchRedis: a Redis that cannot be reached at start', () => {
  it('is refused at once when nothing listens, naming the URL with its password masked', async () => {
    const port = await freePort();
    const client = clientFor(port, 's3cret');
    await assert.rejects(watchRedis(client, { ...options(port), url: `redis://:s3cret@127.0.0.1:${port}` }), (error: Error) => {
      assert.match(error.message, /^Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:\d+\/? did not answer: ECONNREFUSED/);
      assert.doesNotMatch(error.message, /s3cret/);
      return true;
    });
    assert.equal(client.isOpen, false, 'the client no longer reconnects');
  });
});

describeRedis('watchRedis: a Redis that stops answering after start', (redis) => {
  let proxy: FaultProxy;
  let watched: WatchedRedis;
  let client: ReturnType<typeof clientFor>;
  const key = () => `${redis().prefix}watched`;
  beforeEach(async () => {
    proxy = await startFaultProxy('127.0.0.1', redis().port);
    client = clientFor(proxy.port);
    watched = await watchRedis(client, options(proxy.port));
  });
  afterEach(async () => {
    await watched.close();
    await proxy.close();
  });

  it('runs commands and reports up while Redis answers', async () => {
    assert.equal(await watched.command(() => client.set(key(), 'v'), 'set'), 'OK');
    assert.equal(await watched.command(() => client.get(key()), 'get'), 'v');
    assert.deepEqual(watched.state(), { up: true });
    await watched.command(() => client.del(key()), 'del');
  });

  it('after one command times out, the next fail at once and state says why; a PING brings it back', async () => {
    await proxy.set(blackhole);
    await assert.rejects(
      watched.command(() => client.get(key()), 'get'),
      RedisTimeoutError,
    );
    // No second wait: the store is known silent, so the command is refused before it is sent.
    let sent = false;
    await assert.rejects(
      watched.command(async () => {
        sent = true;
        return client.get(key());
      }, 'get'),
      /Redis is not answering \(Redis get took longer than 300 ms\)/,
    );
    assert.equal(sent, false);
    assert.deepEqual(watched.state(), { up: false, reason: 'Redis get took longer than 300 ms' });
    await proxy.set(pass);
    // The commands queued behind the silence are answered or time out; then a probe's PING answers.
    await until(() => watched.state().up, 'state() reports up again once Redis answers');
    assert.equal(await watched.command(() => client.ping(), 'ping'), 'PONG');
  });

  it('a command sent behind a silent one fails when that one times out, not at its own deadline', async () => {
    await proxy.set(blackhole);
    const first = watched.command(() => client.get(key()), 'get');
    await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS / 2));
    const started = performance.now();
    const second = watched.command(() => client.get(key()), 'get');
    await assert.rejects(first, RedisTimeoutError);
    await assert.rejects(second, /Redis is not answering \(Redis get took longer than 300 ms\)/);
    assert.ok(performance.now() - started < TIMEOUT_MS * 0.9, 'the second did not wait out its own timeout');
    await proxy.set(pass);
    await until(() => watched.state().up, 'state() reports up again once Redis answers');
  });

  it('closes within its timeout while Redis is silent', async () => {
    await proxy.set(blackhole);
    void watched.command(() => client.get(key()), 'get').catch(() => undefined);
    const started = performance.now();
    await watched.close();
    assert.ok(performance.now() - started < 5_000, 'close returned');
    assert.equal(client.isOpen, false);
  });
});
