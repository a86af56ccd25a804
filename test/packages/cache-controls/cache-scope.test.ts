import assert from 'node:assert/strict';
import { cacheScope, type ScopeParts } from '@sluice/cache-controls';
import fc from 'fast-check';

describe('cache-controls: the cache scope', () => {
  it('is the bare tenant for its own pool without a namespace (entries stored before scopes stay reachable)', () => {
    for (const tenant of ['default', 'acme', 'a:b', '', 'ünïcode', '"quoted"']) {
      assert.equal(cacheScope({ tenant, shared: false }), tenant);
      assert.equal(cacheScope({ tenant, shared: false, namespace: '' }), tenant);
    }
  });

  it('differs with a namespace, and for the shared pool', () => {
    const own = cacheScope({ tenant: 'acme', shared: false });
    const spaced = cacheScope({ tenant: 'acme', shared: false, namespace: 'billing' });
    const pool = cacheScope({ tenant: 'acme', shared: true });
    const poolSpaced = cacheScope({ tenant: 'acme', shared: true, namespace: 'billing' });
    assert.equal(new Set([own, spaced, pool, poolSpaced]).size, 4);
  });

  it('is one pool for every sharing tenant', () => {
    assert.equal(cacheScope({ tenant: 'acme', shared: true }), cacheScope({ tenant: 'globex', shared: true }));
    assert.equal(
      cacheScope({ tenant: 'acme', shared: true, namespace: 'n' }),
      cacheScope({ tenant: 'globex', shared: true, namespace: 'n' }),
    );
  });

  it('refuses a namespace outside the pattern instead of keying by it', () => {
    assert.throws(() => cacheScope({ tenant: 'acme', shared: false, namespace: 'a\u001fb' }), TypeError);
    assert.throws(() => cacheScope({ tenant: 'acme', shared: false, namespace: 'n'.repeat(65) }), TypeError);
  });

  it('never gives two different pools and namespaces the same scope (property)', () => {
    // A small alphabet of the characters the long form is made of, so near-collisions come up often.
    const tenant = fc.string({ unit: fc.constantFrom('a', 's', '"', ':', '\\', '\u001f', 'shared', 'tenant'), maxLength: 6 });
    const namespace = fc.option(fc.constantFrom('a', 'shared', 'a:b', 'tenant', ':'), { nil: undefined });
    const parts = fc.record({ tenant, shared: fc.boolean(), namespace });
    /** What a scope must tell apart: sharing tenants are one pool. */
    const identity = (p: ScopeParts) => JSON.stringify([p.shared ? null : p.tenant, p.namespace ?? null]);
    fc.assert(
      fc.property(fc.uniqueArray(parts, { selector: identity, minLength: 2, maxLength: 40 }), (pools) => {
        const scopes = pools.map(cacheScope);
        assert.equal(new Set(scopes).size, scopes.length, JSON.stringify(pools));
      }),
      { numRuns: 500 },
    );
  });

  it('gives the long form even to a bare tenant that holds the separator', () => {
    const odd = '\u001fshared\u001f';
    assert.notEqual(cacheScope({ tenant: odd, shared: false }), odd);
    assert.notEqual(cacheScope({ tenant: odd, shared: false }), cacheScope({ tenant: 'x', shared: true }));
  });
});
