import assert from 'node:assert/strict';
import type { ChatRequest } from '@sluice/core';
import { canonicalRequestKey, type KeyScope } from '@sluice/plugin-exact-cache';
import { semanticKey, semanticSkipReason } from '@sluice/plugin-semantic-cache';

const scope: KeyScope = { cacheScope: 'default', mode: 'enforce', volatileUser: false };
const request: ChatRequest = { model: 'gpt-4o', temperature: 0, messages: [{ role: 'user', content: 'What is a sluice?' }] };
const rules = { requireLastUser: true, skipMultipleChoices: true };

describe('caches: entries kept apart per endpoint', () => {
  it('exact: chat keys are as before endpoints existed; the same view on another endpoint has its own key', () => {
    const chat = canonicalRequestKey(request, scope);
    assert.equal(chat, 'v1:default:live:efdbbb903f27fee437f62e1ac9e2c7a9554228c612fe5e2b13260bec94018ea2');
    assert.equal(canonicalRequestKey(request, { ...scope, endpoint: 'chat.completions' }), chat);
    const responses = canonicalRequestKey(request, { ...scope, endpoint: 'responses' });
    assert.notEqual(responses, chat);
    assert.match(responses, /^v1:default:live:[0-9a-f]{64}$/);
    assert.notEqual(canonicalRequestKey(request, { ...scope, endpoint: 'embeddings' }), responses);
  });

  it('semantic: the scope differs per endpoint, chat’s unchanged; the question embedded is the same', () => {
    const chat = semanticKey(request, 'acme', false);
    assert.deepEqual(semanticKey(request, 'acme', false, 'chat.completions'), chat);
    const responses = semanticKey(request, 'acme', false, 'responses');
    assert.notEqual(responses.scope, chat.scope);
    assert.equal(responses.question, chat.question);
  });

  it('semantic: a request that continues a stored response is never eligible', () => {
    assert.equal(semanticSkipReason(request, rules, 'responses'), undefined);
    assert.equal(semanticSkipReason({ ...request, previous_response_id: 'resp_1' }, rules, 'responses'), 'previous_response');
    assert.equal(semanticSkipReason({ ...request, previous_response_id: null }, rules, 'responses'), undefined);
  });
});
