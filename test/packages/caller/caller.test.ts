import assert from 'node:assert/strict';
import { Exchange } from '@sluice/core';
import { admitCaller, callerOf, type Caller } from '@sluice/caller';

describe('caller: admitCaller', () => {
  it('scopes the exchange to the caller’s tenant and names its key as the application', () => {
    const exchange = new Exchange({ request: { model: 'm', messages: [{ role: 'user', content: 'hi' }] } });
    assert.equal(callerOf(exchange), undefined);
    assert.equal(exchange.tenant, 'default');
    const caller: Caller = { keyId: 'billing-app', tenant: 'acme', cacheShare: false, cacheControls: true, limits: {} };
    admitCaller(exchange, caller);
    assert.equal(callerOf(exchange), caller);
    assert.equal(exchange.tenant, 'acme');
    assert.equal(exchange.application, 'billing-app');
  });
});
