import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import type { EvidenceEvent } from '@sluice/core';
import { kernelUnderTest } from '../../core/kernel-under-test.js';
import { mount } from './mounted-kernel.js';

describe('host: client abort', () => {
  it('aborts the exchange signal when the client disconnects, and ends the trace with client_closed_request', async () => {
    const { kernel, events } = kernelUnderTest();
    let sawAbort!: () => void;
    const aborted = new Promise<void>((resolve) => (sawAbort = resolve));
    kernel.hooks.upstream.tapPromise('slow', (exchange) => {
      return new Promise((_, reject) => {
        exchange.signal.addEventListener('abort', () => {
          sawAbort();
          reject(exchange.signal.reason);
        });
      });
    });
    const server = await mount(kernel);
    try {
      const req = httpRequest(`${server.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      });
      req.on('error', () => undefined);
      req.end(JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'wait' }] }));
      await new Promise((r) => setTimeout(r, 100));
      req.destroy();
      await aborted;
      const failed = await waitFor(events, 'request.failed');
      assert.equal(failed.attributes?.error_class, 'client_closed_request');
    } finally {
      await server.close();
    }
  });
});

describe('host: client abort without a listener', () => {
  it('ends the trace with client_closed_request when no plugin asked for the signal', async () => {
    const { kernel, events } = kernelUnderTest();
    kernel.hooks.upstream.tapPromise('slow, never reads the signal', async () => {
      await new Promise((r) => setTimeout(r, 300));
      return undefined;
    });
    const server = await mount(kernel);
    try {
      const req = httpRequest(`${server.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      });
      req.on('error', () => undefined);
      req.end(JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'wait' }] }));
      await new Promise((r) => setTimeout(r, 100));
      req.destroy();
      const failed = await waitFor(events, 'request.failed');
      assert.equal(failed.attributes?.error_class, 'client_closed_request');
    } finally {
      await server.close();
    }
  });
});

async function waitFor(events: EvidenceEvent[], type: string): Promise<EvidenceEvent> {
  for (let i = 0; i < 100; i += 1) {
    const found = events.find((e) => e.event_type === type);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no ${type} event`);
}
