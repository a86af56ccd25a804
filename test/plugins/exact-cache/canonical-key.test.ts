import assert from 'node:assert/strict';
import type { ChatRequest } from '@sluice/core';
import { canonicalJson, canonicalRequestKey, type KeyScope } from '@sluice/plugin-exact-cache';

const scope: KeyScope = { cacheScope: 'default', mode: 'enforce', volatileUser: false };
const base: ChatRequest = { model: 'gpt-4o', temperature: 0, messages: [{ role: 'user', content: 'What is a sluice?' }] };
const key = (request: ChatRequest, s: Partial<KeyScope> = {}) => canonicalRequestKey(request, { ...scope, ...s });

describe('exact-cache: canonical request key', () => {
  it('is pinned: the key of a known request never changes between releases', () => {
    assert.equal(
      canonicalJson(base),
      '{"messages":[{"content":"What is a sluice?","role":"user"}],"model":"gpt-4o","temperature":0}',
    );
    assert.equal(key(base), 'v1:default:live:efdbbb903f27fee437f62e1ac9e2c7a9554228c612fe5e2b13260bec94018ea2');
  });

  it('ignores key order and whitespace around model and role', () => {
    const reordered = { messages: [{ content: 'What is a sluice?', role: ' user ' }], temperature: 0, model: ' gpt-4o\n' };
    assert.equal(key(reordered), key(base));
  });

  it('ignores transport-only fields', () => {
    assert.equal(key({ ...base, stream: false }), key(base));
    assert.equal(key({ ...base, stream: true, stream_options: { include_usage: true } }), key(base));
  });

  const changes: [string, ChatRequest][] = [
    ['content whitespace', { ...base, messages: [{ role: 'user', content: 'What is a sluice? ' }] }],
    ['temperature', { ...base, temperature: 0.1 }],
    ['tools', { ...base, tools: [{ type: 'function', function: { name: 'f' } }] }],
    ['an extra top-level field', { ...base, seed: 7 }],
    ['a message-level extension field', { ...base, messages: [{ role: 'user', content: 'What is a sluice?', name: 'ana' }] }],
    ['array content', { ...base, messages: [{ role: 'user', content: [{ type: 'text', text: 'What is a sluice?' }] }] }],
    ['the model', { ...base, model: 'gpt-4o-mini' }],
    [
      'message order',
      {
        ...base,
        messages: [
          { role: 'system', content: 'a' },
          { role: 'user', content: 'b' },
        ],
      },
    ],
    ['the user field', { ...base, user: 'u-1' }],
  ];
  for (const [what, changed] of changes) {
    it(`changes with ${what}`, () => assert.notEqual(key(changed), key(base)));
  }

  // Found by fuzzing: `"__proto__": []` was left out of the key (a hit on the entry of the request without
  // it), and `"__proto__": {"": 1}` before a field "" threw (500 internal_error).
  it('keys a __proto__ field like any other, whatever it holds', () => {
    const withProto = (json: string) => JSON.parse(json) as ChatRequest;
    const plain = '{"model":"gpt-4o","temperature":0,"messages":[{"role":"user","content":"What is a sluice?"}]';
    for (const extra of ['[]', 'null', '1', '{"tools":[1]}']) {
      assert.notEqual(key(withProto(`${plain},"__proto__":${extra}}`)), key(base), extra);
    }
    // The gateway deep-freezes requests, so the prototype the copy took on was frozen.
    const frozen = withProto(`${plain},"__proto__":{"":1},"":2}`);
    Object.freeze(frozen['__proto__']);
    assert.doesNotThrow(() => key(frozen));
    assert.notEqual(key(frozen), key(withProto(`${plain},"":2}`)));
  });

  it('scopes by cache scope and by mode', () => {
    assert.notEqual(key(base, { cacheScope: 'acme' }), key(base));
    assert.match(key(base, { mode: 'observe' }), /^v1:default:shadow:/);
  });

  it('leaves user out when it is volatile', () => {
    assert.equal(key({ ...base, user: 'u-1' }, { volatileUser: true }), key(base, { volatileUser: true }));
  });
});
