import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { isKeyHash, keyHash, keyMatches, presentedKey } from '@sluice/caller';

describe('caller: key hashes and the presented key', () => {
  it('writes a key as sha256:<hex> of its UTF-8 bytes', () => {
    const expected = createHash('sha256').update('sk-sluice-é').digest('hex');
    assert.equal(keyHash('sk-sluice-é'), `sha256:${expected}`);
    assert.ok(isKeyHash(keyHash('x')));
    assert.ok(!isKeyHash('sha256:abc'));
  });

  it('matches only the key the hash was made from, and never a malformed hash', () => {
    const hash = keyHash('sk-sluice-right');
    assert.ok(keyMatches('sk-sluice-right', hash));
    assert.ok(!keyMatches('sk-sluice-righT', hash));
    assert.ok(!keyMatches('', hash));
    assert.ok(!keyMatches('sk-sluice-right', 'sha256:' + 'g'.repeat(64)));
    assert.ok(!keyMatches('sk-sluice-right', hash.toUpperCase()));
  });

  it('reads Bearer and Basic credentials, and nothing over the bound or without credentials', () => {
    assert.equal(presentedKey('Bearer sk-1'), 'sk-1');
    assert.equal(presentedKey('bearer   sk-1 '), 'sk-1');
    assert.equal(presentedKey(`Basic ${Buffer.from('user:sk-2').toString('base64')}`), 'sk-2');
    assert.equal(presentedKey(`Basic ${Buffer.from(':sk:3').toString('base64')}`), 'sk:3');
    assert.equal(presentedKey(`Basic ${Buffer.from('user-only').toString('base64')}`), undefined);
    for (const header of [undefined, '', 'Bearer', 'Bearer ', 'Token sk-1', `Bearer ${'k'.repeat(600)}`])
      assert.equal(presentedKey(header), undefined, String(header));
  });
});
