import assert from 'node:assert/strict';
import { evidenceEvent } from '@sluice/core';
import { batchRequest } from '@sluice/plugin-audit-sink';

describe('audit sink: a batch is assembled as the audit contract says', () => {
  const producer = { product: 'sluice', version: '0.1.0', instance_id: 'host-42' } as const;
  const events = [1, 2, 3].map((n) =>
    evidenceEvent(`trace-${n}`, { source: 'gateway', category: 'cache', event_type: 'cache.lookup', outcome: 'miss' }),
  );

  it('posts to {url}/v1/events/batch with the bearer key, producer and schema version headers', () => {
    const request = batchRequest('http://127.0.0.1:9400/', 'secret-key', producer, events);
    assert.equal(request.url, 'http://127.0.0.1:9400/v1/events/batch');
    assert.equal(request.headers.authorization, 'Bearer secret-key');
    assert.equal(request.headers['x-sluice-schema-version'], '1.1');
    assert.match(request.headers['x-sluice-producer'] ?? '', /sluice.*host-42/);
    assert.equal(request.headers['content-type'], 'application/json');
  });

  it('carries schema_version 1.1, the producer and the events in their order', () => {
    const body = JSON.parse(batchRequest('http://audit.example/base', 'k', producer, events).body) as {
      schema_version: string;
      producer: unknown;
      events: { trace_id: string }[];
    };
    assert.equal(body.schema_version, '1.1');
    assert.deepEqual(body.producer, producer);
    assert.deepEqual(
      body.events.map((e) => e.trace_id),
      ['trace-1', 'trace-2', 'trace-3'],
    );
  });
});
