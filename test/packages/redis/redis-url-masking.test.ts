import assert from 'node:assert/strict';
import { redactRedisUrl } from '@sluice/redis';

describe('redactRedisUrl: a Redis URL as logs and errors show it', () => {
  const rows: readonly [string, string, string][] = [
    ['a password', 'redis://:s3cret@cache:6379/0', 'redis://:***@cache:6379/0'],
    ['a user and a password', 'redis://app:s3cret@cache:6379', 'redis://app:***@cache:6379'],
    ['a user name alone, often a token itself', 'rediss://tok3n-abc@cache:6380', 'rediss://***@cache:6380'],
    ['a secret query value', 'redis://cache:6379/0?password=s3cret&db=1', 'redis://cache:6379/0?password=***&db=1'],
    ['no credentials', 'redis://127.0.0.1:6379', 'redis://127.0.0.1:6379'],
  ];
  for (const [name, url, shown] of rows) {
    it(`masks ${name}`, () => {
      assert.equal(redactRedisUrl(url), shown);
    });
  }

  it('names a URL that does not parse by the fallback, never quoting it', () => {
    assert.equal(redactRedisUrl('redis://:s3cret@[::1', 'the configured URL'), 'the configured URL');
    assert.equal(redactRedisUrl('s3cret@cache'), 'the configured Redis URL');
  });
});
