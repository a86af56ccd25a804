import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { CLIENT_KEY_PREFIX, hashPrefix, keyHash, newClientKey } from '@sluice/plugin-client-keys';

describe('client-keys: key material', () => {
  it('makes sk-sluice- keys of 32 random bytes in base64url, each different', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newClientKey()));
    assert.equal(keys.size, 50);
    for (const key of keys) {
      assert.match(key, /^sk-sluice-[A-Za-z0-9_-]{43}$/);
      assert.equal(Buffer.from(key.slice(CLIENT_KEY_PREFIX.length), 'base64url').length, 32);
    }
  });

  it('writes a key down as sha256:<hex> of its UTF-8 bytes', () => {
    const key = newClientKey();
    assert.equal(keyHash(key), `sha256:${createHash('sha256').update(key).digest('hex')}`);
    assert.equal(hashPrefix(keyHash(key)), keyHash(key).slice(0, 19));
  });
});
