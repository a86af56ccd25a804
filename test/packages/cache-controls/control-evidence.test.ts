import assert from 'node:assert/strict';
import { cacheControlAttributes, type CacheControls } from '@sluice/cache-controls';

const plain: CacheControls = { read: true, store: true, bypass: false, shared: false, scope: 'acme' };

describe('cache-controls: the controls in evidence', () => {
  it('adds nothing when the request asked nothing', () => {
    assert.equal(cacheControlAttributes(plain), undefined);
  });

  it('names each control applied, with bounded values', () => {
    assert.deepEqual(cacheControlAttributes({ ...plain, read: false }), { cache_control: 'no-cache' });
    assert.deepEqual(cacheControlAttributes({ ...plain, store: false }), { cache_control: 'no-store' });
    assert.deepEqual(cacheControlAttributes({ ...plain, read: false, store: false, bypass: true }), { cache_control: 'bypass' });
    assert.deepEqual(cacheControlAttributes({ ...plain, read: false, maxAgeSeconds: 0 }), {
      cache_control: 'max-age',
      max_age_seconds: 0,
    });
    assert.deepEqual(cacheControlAttributes({ ...plain, ttlSeconds: 60, namespace: 'billing', shared: true }), {
      cache_control: 'ttl',
      cache_ttl_seconds: 60,
      cache_namespace: 'billing',
      cache_pool: 'shared',
    });
  });
});
