import assert from 'node:assert/strict';
import { counterKey } from '../../../plugins/client-limits/src/limit-keys.js';

describe('client limits: counter keys', () => {
  it('name the kind, the scope, the id and the window', () => {
    assert.equal(counterKey('rpm', 'key', 'billing-app', '29577060'), 'rpm:key:billing-app:29577060');
    assert.equal(counterKey('conc', 'tenant', 'acme'), 'conc:tenant:acme');
  });

  it('replace a long id, or one with separators, by a bounded digest that differs per id', () => {
    const colon = counterKey('rpm', 'tenant', 'a:b', '1');
    assert.match(colon, /^rpm:tenant:~[0-9a-f]{32}:1$/);
    assert.notEqual(colon, counterKey('rpm', 'tenant', 'a:c', '1'));
    const long = counterKey('spend', 'tenant', 'x'.repeat(10_000), 'day:2026-11-26');
    assert.ok(long.length < 80, long);
  });
});
