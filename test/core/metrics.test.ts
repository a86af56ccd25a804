import assert from 'node:assert/strict';
import { Kernel } from '@sluice/core';
import { pino } from 'pino';

const kernel = () => new Kernel({ logger: pino({ level: 'silent' }) });

describe('metrics', () => {
  it('gives each kernel its own registry', async () => {
    const a = kernel();
    const b = kernel();
    a.metrics.counter({ name: 'gw_example_total', help: 'x' }).inc(3);
    assert.notEqual(a.metrics.registry, b.metrics.registry);
    assert.match((await a.metrics.exposition()).body, /^gw_example_total 3$/m);
    assert.doesNotMatch((await b.metrics.exposition()).body, /gw_example_total/);
  });

  it('returns the same metric when asked twice and refuses a type clash', () => {
    const k = kernel();
    const first = k.metrics.counter({ name: 'gw_shared_total', help: 'x' });
    assert.equal(k.metrics.counter({ name: 'gw_shared_total', help: 'x' }), first);
    assert.throws(() => k.metrics.gauge({ name: 'gw_shared_total', help: 'x' }), /already registered with another type/);
  });

  it('registers the kernel counters with their exact names', async () => {
    const body = (await kernel().metrics.exposition()).body;
    for (const name of ['gw_requests_total', 'gw_errors_total', 'gw_cache_misses', 'gw_request_duration_seconds']) {
      assert.match(body, new RegExp(`^# TYPE ${name} `, 'm'));
    }
  });
});
