import assert from 'node:assert/strict';
import { hash } from 'node:crypto';
import { cacheScope } from '@sluice/cache-controls';
import type { ChatRequest } from '@sluice/core';
import { placeholderSignature } from '@sluice/guard-kit';
import { semanticKey } from '@sluice/plugin-semantic-cache';
import { canonicalJson } from '@sluice/util';

const plain = '{"model":"m","temperature":0,"messages":[{"role":"user","content":"How do I reset my password?"}]';
const parsed = (json: string) => JSON.parse(json) as ChatRequest;
const scopeOf = (request: ChatRequest) => semanticKey(request, 'acme', false).scope;

describe('semantic-cache: the exact scope of a request', () => {
  // Found by fuzzing the exact cache's key, which copied fields the same way: `"__proto__": […]` was left
  // out of the scope (a paraphrase hit across it), and `"__proto__": {"": 1}` before a field "" threw.
  it('holds a __proto__ field like any other, whatever it holds', () => {
    for (const extra of ['[]', 'null', '1', '{"tools":[1]}']) {
      assert.notEqual(scopeOf(parsed(`${plain},"__proto__":${extra}}`)), scopeOf(parsed(`${plain}}`)), extra);
    }
    // The gateway deep-freezes requests, so the prototype the copy took on was frozen.
    const frozen = parsed(`${plain},"__proto__":{"":1},"":2}`);
    Object.freeze(frozen['__proto__']);
    assert.doesNotThrow(() => scopeOf(frozen));
    assert.notEqual(scopeOf(frozen), scopeOf(parsed(`${plain},"":2}`)));
  });

  it('is the digest entries were stored under before cache scopes, for a tenant’s own pool without a namespace', () => {
    const request = parsed(`${plain}}`);
    // The identity as it was hashed: scope version, tenant, the request without its messages, earlier turns,
    // the last turn without its content, the placeholder signature.
    const identity = {
      v: 's1',
      tenant: 'acme',
      request: { model: 'm', temperature: 0 },
      earlier: [],
      last: { role: 'user' },
      placeholders: placeholderSignature(['How do I reset my password?']),
    };
    const scope = cacheScope({ tenant: 'acme', shared: false });
    assert.equal(semanticKey(request, scope, false).scope, hash('sha256', canonicalJson(identity)));
    assert.notEqual(
      semanticKey(request, cacheScope({ tenant: 'acme', shared: false, namespace: 'n' }), false).scope,
      scopeOf(request),
    );
  });
});
