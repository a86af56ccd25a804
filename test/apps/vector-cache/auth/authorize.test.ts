import assert from 'node:assert/strict';
import { ApiKeys, authorize } from '@sluice/vector-cache';

describe('vector-cache authorize', () => {
  const keys = ApiKeys.fromEnv({ SVC_APP_KEYS: 'app-key', SVC_ADMIN_KEYS: 'admin-key' });
  const as = (key: string | undefined) => keys.authenticate(key === undefined ? {} : { 'x-svc-key': key });

  it('lets an app key use app endpoints and refuses it admin endpoints with permission_denied', () => {
    assert.equal(authorize('app', as('app-key')), 'ok');
    assert.equal(authorize('admin', as('app-key')), 'permission_denied');
  });

  it('lets an admin key do everything an app key may', () => {
    assert.equal(authorize('app', as('admin-key')), 'ok');
    assert.equal(authorize('admin', as('admin-key')), 'ok');
  });

  it('treats no key and a wrong key alike: unauthenticated', () => {
    for (const scope of ['app', 'admin'] as const) {
      assert.equal(authorize(scope, as(undefined)), 'unauthenticated');
      assert.equal(authorize(scope, as('not-a-key')), 'unauthenticated');
    }
  });
});
