import assert from 'node:assert/strict';
import { startFakeUpstream } from '../../fixtures/fake-upstream.js';
import { processMetrics } from '@sluice/core';
import { Gauge } from 'prom-client';
import { baseConfig, startGateway } from './gateway-under-test.js';

/** The value of a sample line `name{labels} value` (or `name value`), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('gateway /metrics: Node process metrics after the gateway’s own', () => {
  it('shows CPU, memory, event-loop lag and GC pauses once, with every metric named once', async () => {
    const upstream = await startFakeUpstream();
    const gw = await startGateway(baseConfig(upstream.baseUrl));
    try {
      const text = await gw.metricsText();
      const types = [...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => `${m[1]} ${m[2]}`);
      assert.equal(new Set(types.map((t) => t.split(' ')[0])).size, types.length, 'a metric name is exposed twice');
      for (const expected of [
        'gw_requests_total counter',
        'process_cpu_seconds_total counter',
        'process_resident_memory_bytes gauge',
        'nodejs_eventloop_lag_p99_seconds gauge',
        'nodejs_gc_duration_seconds histogram',
      ])
        assert.ok(types.includes(expected), `${expected} is missing`);
      // The gateway's own metrics come first, then the process's.
      assert.ok(types.indexOf('gw_requests_total counter') < types.indexOf('process_cpu_seconds_total counter'));
      assert.ok((sample(text, 'process_resident_memory_bytes') ?? 0) > 1_000_000);
      assert.ok((sample(text, 'process_cpu_seconds_total') ?? 0) > 0);
    } finally {
      await gw.close();
      await upstream.close();
    }
  });

  it('collects once per process: every gateway exposes the one registry processMetrics() returns', async () => {
    assert.equal(processMetrics(), processMetrics());
    // A gauge put on that registry shows in both gateways' /metrics: neither collects into one of its own.
    const marker = new Gauge({ name: 'test_process_marker', help: 'Marks the shared registry.', registers: [processMetrics()] });
    marker.set(7);
    const upstream = await startFakeUpstream();
    const first = await startGateway(baseConfig(upstream.baseUrl));
    const second = await startGateway(baseConfig(upstream.baseUrl));
    try {
      for (const gw of [first, second]) {
        const text = await gw.metricsText();
        assert.equal(sample(text, 'test_process_marker'), 7);
        assert.equal(text.split('\n').filter((l) => l.startsWith('# TYPE nodejs_gc_duration_seconds')).length, 1);
      }
    } finally {
      processMetrics().removeSingleMetric('test_process_marker');
      await first.close();
      await second.close();
      await upstream.close();
    }
  });
});
