import assert from 'node:assert/strict';
import { hashTagPrefix, parseRedisUrl, redactRedisUrl } from '@sluice/redis';

describe('parseRedisUrl: the Redis URL forms every store accepts', () => {
  it('keeps a one-server URL as it is', () => {
    assert.deepEqual(parseRedisUrl('rediss://:pw@cache:6380/2'), { cluster: false, url: 'rediss://:pw@cache:6380/2' });
  });

  it('reads a cluster URL as its seed nodes, the default port filled in', () => {
    assert.deepEqual(parseRedisUrl('redis+cluster://10.0.0.1:7000,cache-b,[::1]:7002'), {
      cluster: true,
      tls: false,
      nodes: ['10.0.0.1:7000', 'cache-b:6379', '[::1]:7002'],
    });
  });

  it('reads the credentials and TLS of a cluster URL', () => {
    assert.deepEqual(parseRedisUrl('rediss+cluster://app:p%40ss@a:7000,b:7000/'), {
      cluster: true,
      tls: true,
      nodes: ['a:7000', 'b:7000'],
      username: 'app',
      password: 'p@ss',
    });
    assert.deepEqual(parseRedisUrl('redis+cluster://:secret@a:7000'), {
      cluster: true,
      tls: false,
      nodes: ['a:7000'],
      password: 'secret',
    });
  });

  it('refuses a database or query on a cluster, and other schemes, with the password masked', () => {
    assert.throws(
      () => parseRedisUrl('redis+cluster://:secret@a:7000/1'),
      (error: Error) => {
        assert.match(error.message, /one database/);
        assert.doesNotMatch(error.message, /secret/);
        return true;
      },
    );
    assert.throws(() => parseRedisUrl('memcached://a:11211'), /redis\+cluster:\/\//);
    assert.throws(() => parseRedisUrl('redis+cluster://a:7000,,b:7000'), /not a cluster node/);
  });
});

describe('redactRedisUrl and hashTagPrefix', () => {
  it('masks the password of both URL forms', () => {
    assert.equal(redactRedisUrl('redis://user:secret@cache:6379/0'), 'redis://user:***@cache:6379/0');
    assert.equal(redactRedisUrl('redis+cluster://:secret@a:7000,b:7000'), 'redis+cluster://:***@a:7000,b:7000');
    assert.equal(redactRedisUrl('not a url'), 'the configured Redis URL');
  });

  it('turns a prefix into one hash tag, keeping a tag already there', () => {
    assert.equal(hashTagPrefix('sluice:usage:'), '{sluice:usage}:');
    assert.equal(hashTagPrefix('{tenant-a}:usage:'), '{tenant-a}:usage:');
    assert.equal(hashTagPrefix(''), '{sluice}:');
  });
});
