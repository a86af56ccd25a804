import assert from 'node:assert/strict';
import { ApiKeys, presentedKey } from '@sluice/vector-cache';

describe('vector-cache presented key headers', () => {
  const keys = ApiKeys.fromEnv({ SVC_APP_KEYS: 'app-key', SVC_ADMIN_KEYS: 'admin-key' });

  it('accepts X-SVC-Key', () => {
    assert.equal(keys.authenticate({ 'x-svc-key': 'app-key' }), 'app');
    assert.equal(keys.authenticate({ 'X-SVC-Key': 'admin-key' }), 'admin');
  });

  it('accepts Authorization: Bearer with the scheme in any case', () => {
    assert.equal(keys.authenticate({ authorization: 'Bearer app-key' }), 'app');
    assert.equal(keys.authenticate({ authorization: 'bearer admin-key' }), 'admin');
    assert.equal(keys.authenticate({ Authorization: 'BEARER  app-key ' }), 'app');
  });

  it('ignores other schemes and a bare key in Authorization', () => {
    assert.equal(keys.authenticate({ authorization: 'Basic app-key' }), undefined);
    assert.equal(keys.authenticate({ authorization: 'app-key' }), undefined);
    assert.equal(keys.authenticate({ authorization: 'Bearer' }), undefined);
    assert.equal(keys.authenticate({ authorization: 'Bearer app-key extra' }), undefined);
  });

  it('judges a request by one key: X-SVC-Key wins over Authorization', () => {
    assert.equal(presentedKey({ 'x-svc-key': 'first', authorization: 'Bearer second' }), 'first');
    assert.equal(keys.authenticate({ 'x-svc-key': 'wrong', authorization: 'Bearer admin-key' }), undefined);
    assert.equal(presentedKey({ 'x-svc-key': '  ', authorization: 'Bearer second' }), 'second');
  });

  it('takes the first of repeated header values', () => {
    assert.equal(presentedKey({ 'x-svc-key': ['app-key', 'other'] }), 'app-key');
  });

  it('finds no key in a request without either header', () => {
    assert.equal(presentedKey({ host: 'localhost' }), undefined);
    assert.equal(keys.authenticate({}), undefined);
  });
});
