import assert from 'node:assert/strict';
import { ApiKeys } from '@sluice/vector-cache';

// Timing is not asserted; these pin the behaviour of the digest-and-compare-all path.
describe('vector-cache key comparison', () => {
  const keys = ApiKeys.fromEnv({ SVC_APP_KEYS: 'k-0123456789abcdef', SVC_ADMIN_KEYS: 'admin-0123456789' });
  const as = (key: string) => keys.authenticate({ 'x-svc-key': key });

  it('rejects keys of any other length without throwing (digests, not raw keys, are compared)', () => {
    assert.equal(as('k'), undefined);
    assert.equal(as('k-0123456789abcde'), undefined);
    assert.equal(as('k-0123456789abcdef0'), undefined);
    assert.equal(as('x'.repeat(4096)), undefined);
  });

  it('rejects a key differing in its last character or only in case', () => {
    assert.equal(as('k-0123456789abcdeF'), undefined);
    assert.equal(as('K-0123456789ABCDEF'), undefined);
    assert.equal(as('k-0123456789abcdef'), 'app');
  });

  it('compares against every key without stopping at the first match: a key of both kinds is admin', () => {
    const both = ApiKeys.fromEnv({ SVC_APP_KEYS: 'same-key,other', SVC_ADMIN_KEYS: 'same-key' });
    assert.equal(both.authenticate({ 'x-svc-key': 'same-key' }), 'admin');
  });

  it('handles keys with non-ASCII characters', () => {
    const unicode = ApiKeys.fromEnv({ SVC_APP_KEYS: 'clé-ünïcode' });
    assert.equal(unicode.authenticate({ 'x-svc-key': 'clé-ünïcode' }), 'app');
    assert.equal(unicode.authenticate({ 'x-svc-key': 'cle-unicode' }), undefined);
  });
});
