import assert from 'node:assert/strict';
import { Exchange } from '@sluice/core';
import { admitCaller, callerOf, moduleTenant, type Caller } from '@sluice/caller';

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

describe('caller: moduleTenant', () => {
  const exchange = () =>
    new Exchange({ request: { model: 'm', messages: [{ role: 'user', content: 'hi' }] }, tenant: 'host-set' });

  it('names the configured tenant, else the request’s, when no key admitted the request', () => {
    assert.equal(moduleTenant(exchange(), 'configured'), 'configured');
    assert.equal(moduleTenant(exchange(), undefined), 'host-set');
  });

  it('names the key’s tenant whatever is configured, so tenants never share a module’s state', () => {
    const admitted = exchange();
    admitCaller(admitted, { keyId: 'k', tenant: 'acme', cacheShare: false, cacheControls: true, limits: {} });
    assert.equal(moduleTenant(admitted, 'configured'), 'acme');
  });
});
