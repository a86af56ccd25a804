import assert from 'node:assert/strict';
import { createSlot, Exchange } from '@sluice/core';
import { deepFreeze } from '@sluice/core';
import { chatRequest } from './kernel-under-test.js';

describe('exchange', () => {
  it('freezes the original request; a rewrite assigns a new request', () => {
    const exchange = new Exchange({ request: chatRequest('my email is a@b.c') });
    assert.ok(Object.isFrozen(exchange.original.messages[0]));
    assert.throws(() => {
      (exchange.original.messages[0] as { content: string }).content = 'x';
    }, TypeError);
    exchange.request = { ...exchange.request, messages: [{ role: 'user', content: 'my email is EMAIL_1' }] };
    assert.equal(exchange.original.messages[0]?.content, 'my email is a@b.c');
  });

  it('has a trace id, the default tenant and mode, and a signal', () => {
    const exchange = new Exchange({ request: chatRequest() });
    assert.match(exchange.traceId, /^[0-9a-f-]{36}$/);
    assert.equal(exchange.tenant, 'default');
    assert.equal(exchange.mode, 'enforce');
    assert.equal(exchange.signal.aborted, false);
  });

  it('reports a given signal as aborted once it fires', () => {
    const controller = new AbortController();
    const exchange = new Exchange({ request: chatRequest(), signal: controller.signal });
    assert.equal(exchange.aborted, false);
    controller.abort();
    assert.equal(exchange.aborted, true);
    assert.equal(exchange.signal, controller.signal);
  });

  it('gives each plugin its own typed slot per exchange', () => {
    const SLOT = createSlot('exact-cache', () => ({ key: '' }));
    const first = new Exchange({ request: chatRequest() });
    const second = new Exchange({ request: chatRequest() });
    first.slot(SLOT).key = 'v1:k';
    assert.equal(first.slot(SLOT).key, 'v1:k');
    assert.equal(second.slot(SLOT).key, '');
  });

  it('records step timings', () => {
    const exchange = new Exchange({ request: chatRequest() });
    exchange.mark('guards');
    assert.ok(typeof exchange.timings.guards === 'number' && exchange.timings.guards >= 0);
  });
});

describe('deepFreeze', () => {
  it('freezes what an already frozen object holds, and handles cycles', () => {
    const inner = { content: 'mutable' };
    const value = { messages: Object.freeze([inner]) } as { messages: readonly { content: string }[]; self?: unknown };
    value.self = value;
    deepFreeze(value);
    assert.ok(Object.isFrozen(inner));
    assert.equal(deepFreeze(value), value);
  });
});
