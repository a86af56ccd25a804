import assert from 'node:assert/strict';
import { cacheControlsOf, cacheScope, type CacheControls } from '@sluice/cache-controls';
import { admitCaller, type Caller } from '@sluice/caller';
import { Exchange, GatewayError } from '@sluice/core';

const request = { model: 'm', messages: [{ role: 'user' as const, content: 'hi' }] };
const caller = (fields: Partial<Caller> = {}): Caller => ({
  keyId: 'app',
  tenant: 'acme',
  cacheShare: false,
  cacheControls: true,
  limits: {},
  ...fields,
});

function controlsFor(headers: Record<string, string>, admitted?: Caller): CacheControls {
  const exchange = new Exchange({ request, headers });
  if (admitted !== undefined) admitCaller(exchange, admitted);
  return cacheControlsOf(exchange);
}

function refusal(headers: Record<string, string>): GatewayError {
  try {
    controlsFor(headers);
  } catch (error) {
    assert.ok(error instanceof GatewayError);
    return error;
  }
  assert.fail(`accepted ${JSON.stringify(headers)}`);
}

describe('cache-controls: what a request asks of the caches', () => {
  it('asks nothing without headers: read and store in the bare tenant', () => {
    assert.deepEqual({ ...controlsFor({}) }, { read: true, store: true, bypass: false, shared: false, scope: 'default' });
  });

  it('no-cache skips the read and keeps the store', () => {
    const controls = controlsFor({ 'cache-control': 'no-cache' });
    assert.equal(controls.read, false);
    assert.equal(controls.store, true);
  });

  it('no-store skips the store and keeps the read (RFC 9111 §5.2.1.5)', () => {
    const controls = controlsFor({ 'cache-control': 'no-store' });
    assert.equal(controls.read, true);
    assert.equal(controls.store, false);
  });

  it('reads several directives, in any case, with spaces, ignoring unknown ones', () => {
    const controls = controlsFor({ 'cache-control': ' No-Cache ,max-stale=5, NO-STORE,  x-unknown="a,b" ' });
    assert.equal(controls.read, false);
    assert.equal(controls.store, false);
    assert.equal(controls.bypass, false);
  });

  it('max-age=N keeps N; quoted is accepted; the smallest of two wins', () => {
    assert.equal(controlsFor({ 'cache-control': 'max-age=60' }).maxAgeSeconds, 60);
    assert.equal(controlsFor({ 'cache-control': 'max-age="30"' }).maxAgeSeconds, 30);
    assert.equal(controlsFor({ 'cache-control': 'max-age=60, MAX-AGE=7' }).maxAgeSeconds, 7);
    assert.equal(controlsFor({ 'cache-control': 'max-age=60' }).read, true);
  });

  it('max-age=0 is like no-cache', () => {
    const controls = controlsFor({ 'cache-control': 'max-age=0' });
    assert.equal(controls.read, false);
    assert.equal(controls.store, true);
  });

  it('caps a huge max-age at 2^31 seconds', () => {
    assert.equal(controlsFor({ 'cache-control': `max-age=${'9'.repeat(40)}` }).maxAgeSeconds, 2 ** 31);
  });

  for (const value of ['max-age', 'max-age=', 'max-age=-1', 'max-age=1.5', 'max-age=ten', 'max-age=0x10']) {
    it(`refuses Cache-Control: ${value}`, () => {
      const error = refusal({ 'cache-control': value });
      assert.equal(error.code, 'invalid_cache_control');
      assert.equal(error.status, 400);
      assert.match(error.message, /max-age/);
    });
  }

  it('x-sluice-cache-ttl sets the TTL; zero, negative, fractional and words are refused', () => {
    assert.equal(controlsFor({ 'x-sluice-cache-ttl': '120' }).ttlSeconds, 120);
    assert.equal(controlsFor({ 'x-sluice-cache-ttl': ' 007 ' }).ttlSeconds, 7);
    for (const value of ['0', '-5', '1.5', '1e3', 'soon']) {
      assert.equal(refusal({ 'x-sluice-cache-ttl': value }).code, 'invalid_cache_control', value);
    }
  });

  it('x-sluice-cache-namespace names a sub-scope; other characters and lengths are refused', () => {
    assert.equal(controlsFor({ 'x-sluice-cache-namespace': 'billing:v2.1_a-b' }).namespace, 'billing:v2.1_a-b');
    assert.equal(controlsFor({ 'x-sluice-cache-namespace': 'n'.repeat(64) }).namespace, 'n'.repeat(64));
    for (const value of ['n'.repeat(65), 'a b', 'a/b', 'é', 'a\u001fb']) {
      assert.equal(refusal({ 'x-sluice-cache-namespace': value }).code, 'invalid_cache_control', value);
    }
  });

  for (const value of ['1', 'true', 'yes', 'on', 'TRUE', ' On ']) {
    it(`x-sluice-cache-bypass: ${JSON.stringify(value)} skips read and store`, () => {
      const controls = controlsFor({ 'x-sluice-cache-bypass': value });
      assert.deepEqual([controls.bypass, controls.read, controls.store], [true, false, false]);
    });
  }

  it('any other bypass value is no bypass and no error', () => {
    assert.equal(controlsFor({ 'x-sluice-cache-bypass': '0' }).bypass, false);
    assert.equal(controlsFor({ 'x-sluice-cache-bypass': 'nope' }).read, true);
  });

  it('refuses any of the headers longer than 256 bytes, counting UTF-8 bytes', () => {
    assert.equal(controlsFor({ 'cache-control': `no-cache,${'x'.repeat(247)}` }).read, false); // 256 bytes
    assert.equal(refusal({ 'cache-control': `no-cache,${'x'.repeat(248)}` }).code, 'invalid_cache_control');
    assert.equal(refusal({ 'cache-control': `no-cache,${'é'.repeat(124)}` }).code, 'invalid_cache_control'); // 257 bytes
    for (const name of ['x-sluice-cache-ttl', 'x-sluice-cache-namespace', 'x-sluice-cache-bypass']) {
      assert.match(refusal({ [name]: ' '.repeat(300) }).message, new RegExp(name));
    }
  });

  it('never quotes the value in its message', () => {
    assert.doesNotMatch(refusal({ 'x-sluice-cache-namespace': 'secret-value!' }).message, /secret-value/);
  });

  it('reads the headers once: the same controls, and the same refusal, every call', () => {
    const exchange = new Exchange({ request, headers: { 'cache-control': 'no-cache' } });
    assert.equal(cacheControlsOf(exchange), cacheControlsOf(exchange));
    const bad = new Exchange({ request, headers: { 'x-sluice-cache-ttl': 'x' } });
    const first = (() => {
      try {
        cacheControlsOf(bad);
      } catch (error) {
        return error;
      }
    })();
    assert.throws(
      () => cacheControlsOf(bad),
      (error) => error === first,
    );
  });

  it('scopes again when a tap changes the tenant after a read', () => {
    const exchange = new Exchange({ request, headers: { 'x-sluice-cache-namespace': 'ns' } });
    const before = cacheControlsOf(exchange).scope;
    exchange.tenant = 'globex';
    assert.notEqual(cacheControlsOf(exchange).scope, before);
    assert.equal(cacheControlsOf(exchange).scope, cacheScope({ tenant: 'globex', shared: false, namespace: 'ns' }));
  });

  describe('with a client key', () => {
    it('honours the headers when the key allows them', () => {
      const controls = controlsFor({ 'cache-control': 'no-store', 'x-sluice-cache-namespace': 'ns' }, caller());
      assert.equal(controls.store, false);
      assert.equal(controls.scope, cacheScope({ tenant: 'acme', shared: false, namespace: 'ns' }));
    });

    it('ignores them, bypass and malformed ones included, when the key does not', () => {
      const headers = {
        'cache-control': 'no-cache, no-store, max-age=abc',
        'x-sluice-cache-ttl': 'x',
        'x-sluice-cache-namespace': 'ns',
        'x-sluice-cache-bypass': '1',
      };
      const controls = controlsFor(headers, caller({ cacheControls: false }));
      assert.deepEqual({ ...controls }, { read: true, store: true, bypass: false, shared: false, scope: 'acme' });
    });

    it('puts a sharing key in the shared pool, whatever its tenant', () => {
      const a = controlsFor({}, caller({ tenant: 'acme', cacheShare: true }));
      const b = controlsFor({}, caller({ tenant: 'globex', cacheShare: true }));
      assert.equal(a.shared, true);
      assert.equal(a.scope, b.scope);
      assert.notEqual(a.scope, 'acme');
      assert.notEqual(controlsFor({}, caller({ tenant: 'acme' })).scope, controlsFor({}, caller({ tenant: 'globex' })).scope);
    });

    it('keeps the pool of a sharing key whose controls are off', () => {
      const controls = controlsFor({ 'x-sluice-cache-namespace': 'ns' }, caller({ cacheShare: true, cacheControls: false }));
      assert.equal(controls.scope, cacheScope({ tenant: 'acme', shared: true }));
    });
  });
});
