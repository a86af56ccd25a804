import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EvidenceEvent } from '@sluice/core';
import { createGatewayHandler, type GatewayState } from '@sluice/gateway';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { baseConfig, startGateway, type GatewayUnderTest } from './gateway-under-test.js';

describe('gateway: a chat request refused while draining still gets its trace', () => {
  let upstream: FakeUpstream;
  let gw: GatewayUnderTest;
  before(async () => {
    upstream = await startFakeUpstream();
    gw = await startGateway(baseConfig(upstream.baseUrl));
  });
  after(async () => {
    await gw.close();
    await upstream.close();
  });

  it('answers 503 shutting_down with a trace id, and emits request.received and one request.failed', async () => {
    const events: EvidenceEvent[] = [];
    gw.gateway.runtime.kernel.hooks.evidence.tap('test', (event) => void events.push(event));
    // The handler as it answers requests that reach it on an open connection once draining has begun.
    const draining: GatewayState = {
      runtime: gw.gateway.runtime,
      metrics: gw.gateway.metrics,
      logger: gw.gateway.logger,
      shuttingDown: true,
    };
    const handler = createGatewayHandler(draining);
    handler.drain();
    const server = createServer((req, res) => void handler.serve(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const response = await fetch(`${url}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'test-model', messages: [{ role: 'user', content: 'too late' }] }),
      });
      assert.equal(response.status, 503);
      assert.equal(((await response.json()) as { error: { code: string } }).error.code, 'shutting_down');
      const traceId = response.headers.get('x-sluice-trace-id');
      assert.ok(traceId, 'the refusal carries its trace id');
      const trace = events.filter((e) => e.trace_id === traceId);
      assert.deepEqual(
        trace.map((e) => e.event_type),
        ['request.received', 'request.failed'],
      );
      assert.equal(trace[1]?.decision?.reason_code, 'SHUTTING_DOWN');
      assert.equal(upstream.calls.length, 0);
      const other = await fetch(`${url}/not-a-route`, { method: 'POST' });
      assert.equal(other.status, 503);
      assert.equal(other.headers.get('x-sluice-trace-id'), null, 'only chat requests start a trace');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
