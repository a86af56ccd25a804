import assert from 'node:assert/strict';
import { bearerCredential } from '../../../plugins/client-keys/src/bearer-credential.js';

describe('client-keys: bearerCredential', () => {
  it('reads the key of a Bearer header, whatever the scheme’s case', () => {
    assert.deepEqual(bearerCredential('Bearer sk-sluice-abc'), { kind: 'key', key: 'sk-sluice-abc' });
    assert.deepEqual(bearerCredential('bearer   sk-sluice-abc  '), { kind: 'key', key: 'sk-sluice-abc' });
  });

  it('reads no header, an empty one and `Bearer` alone as no key', () => {
    for (const header of [undefined, '', '  ', 'Bearer', 'Bearer ', 'bearer    ']) {
      assert.deepEqual(bearerCredential(header), { kind: 'missing' }, JSON.stringify(header));
    }
  });

  it('refuses another scheme and a header longer than any key (512 bytes) without reading it', () => {
    assert.deepEqual(bearerCredential('Basic dTpw'), { kind: 'invalid' });
    assert.deepEqual(bearerCredential('sk-sluice-abc'), { kind: 'invalid' });
    assert.deepEqual(bearerCredential(`Bearer ${'k'.repeat(506)}`), { kind: 'invalid' });
    assert.equal(bearerCredential(`Bearer ${'k'.repeat(505)}`).kind, 'key');
  });
});
