import assert from 'node:assert/strict';
import { Exchange, GatewayError } from '@sluice/core';
import { chatRequest, completion, kernelUnderTest } from './kernel-under-test.js';

describe('exchange: response headers', () => {
  it('keeps the headers taps set, by lower-case name, the last value winning', () => {
    const exchange = new Exchange({ request: chatRequest() });
    assert.deepEqual(exchange.responseHeaders, {});
    exchange.setResponseHeader('X-Acme-Topic', 'billing');
    exchange.setResponseHeader('x-acme-topic', 'refunds');
    exchange.setResponseHeader('x-acme-empty', '');
    assert.deepEqual(exchange.responseHeaders, { 'x-acme-topic': 'refunds', 'x-acme-empty': '' });
  });

  it('refuses a name that is not a header name, and a value that could end the header early', () => {
    const exchange = new Exchange({ request: chatRequest() });
    assert.throws(() => exchange.setResponseHeader('x acme', 'v'), /"x acme" is not a header name/);
    assert.throws(() => exchange.setResponseHeader('', 'v'), TypeError);
    assert.throws(() => exchange.setResponseHeader('x-acme', 'a\r\nset-cookie: b'), /the value of x-acme is not a header value/);
    assert.deepEqual(exchange.responseHeaders, {});
  });
});

describe('kernel: the respond hook', () => {
  it('is called once on a completed run, with the response settled', async () => {
    const { kernel } = kernelUnderTest();
    kernel.hooks.upstream.tapPromise('u', async () => completion());
    const seen: unknown[] = [];
    kernel.hooks.respond.tap('probe', (exchange) => {
      seen.push(exchange.response?.status);
      exchange.setResponseHeader('x-probe', 'done');
    });
    const exchange = new Exchange({ request: chatRequest() });
    await kernel.run(exchange);
    assert.deepEqual(seen, [200]);
    assert.deepEqual(exchange.responseHeaders, { 'x-probe': 'done' });
  });

  it('is called on a failed run and on an exchange rejected at the door, with the error settled', async () => {
    const { kernel } = kernelUnderTest();
    const seen: (string | undefined)[] = [];
    kernel.hooks.respond.tap('probe', (exchange) => void seen.push(exchange.error?.code));
    await kernel.run(new Exchange({ request: chatRequest() }));
    kernel.reject(new Exchange({ request: chatRequest() }), new GatewayError('shutting_down'));
    assert.deepEqual(seen, ['upstream_unavailable', 'shutting_down']);
  });

  it('logs a tap that throws and keeps the outcome', async () => {
    const { kernel, events } = kernelUnderTest();
    kernel.hooks.upstream.tapPromise('u', async () => completion());
    kernel.hooks.respond.tap('broken', () => {
      throw new Error('header bug');
    });
    const exchange = new Exchange({ request: chatRequest() });
    await kernel.run(exchange);
    assert.equal(exchange.response?.status, 200);
    assert.equal(exchange.error, undefined);
    assert.equal(events.filter((e) => e.event_type === 'request.completed').length, 1);
  });
});
