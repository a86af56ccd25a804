import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { signHs256, verifyHs256 } from '../src/jwt.js';
import { now, SECRET, tokenFor, unsignedToken } from './tokens.js';

const problemOf = (token: string, options = {}) => {
  const check = verifyHs256(token, SECRET, options);
  return check.ok ? 'ok' : check.problem;
};

describe('custom gateway: HS256 tokens checked with node:crypto', () => {
  it('accepts a token signed with the secret and returns its claims', () => {
    const check = verifyHs256(tokenFor('acme', { sub: 'u-1' }), SECRET);
    assert.ok(check.ok);
    assert.equal(check.claims.tenant, 'acme');
    assert.equal(check.claims.sub, 'u-1');
  });

  it('refuses a token signed with another secret, or changed after signing', () => {
    assert.equal(problemOf(tokenFor('acme', {}, 'another-secret-of-at-least-thirty-two-bytes')), 'signature');
    const [header, , signature] = tokenFor('acme').split('.');
    const forged = Buffer.from(JSON.stringify({ tenant: 'globex', exp: now() + 3600 })).toString('base64url');
    assert.equal(problemOf(`${header}.${forged}.${signature}`), 'signature');
  });

  it('refuses alg none and any algorithm but HS256, whatever the signature', () => {
    assert.equal(problemOf(unsignedToken({ tenant: 'acme', exp: now() + 3600 })), 'malformed', 'an empty signature');
    const none = unsignedToken({ tenant: 'acme', exp: now() + 3600 });
    assert.equal(problemOf(`${none}c2ln`), 'algorithm');
    // Signed correctly with the secret, but naming HS512: still refused.
    assert.equal(problemOf(signHs256({ tenant: 'acme', exp: now() + 60 }, SECRET, { alg: 'HS512' })), 'algorithm');
  });

  it('refuses an expired token, one not valid yet, and one without exp, within the clock tolerance', () => {
    assert.equal(problemOf(tokenFor('acme', { exp: now() - 60 })), 'expired');
    assert.equal(problemOf(tokenFor('acme', { exp: now() - 60 }), { clockToleranceSeconds: 120 }), 'ok');
    assert.equal(problemOf(tokenFor('acme', { nbf: now() + 600 })), 'not_yet_valid');
    assert.equal(problemOf(tokenFor('acme', { exp: undefined })), 'no_expiry');
  });

  it('refuses what is not a JWT', () => {
    for (const token of ['', 'abc', 'a.b', 'a.b.c.d', 'a b.c.d', `${'a'.repeat(9000)}.b.c`])
      assert.equal(problemOf(token), 'malformed');
    const sign = (unsigned: string) => `${unsigned}.${createHmac('sha256', SECRET).update(unsigned).digest('base64url')}`;
    const header = Buffer.from('{"alg":"HS256"}').toString('base64url');
    assert.equal(problemOf(sign(`${header}.${Buffer.from('[1,2]').toString('base64url')}`)), 'malformed', 'claims not an object');
    assert.equal(problemOf(sign(`${header}.bm90IGpzb24`)), 'malformed', 'claims not JSON');
  });
});
