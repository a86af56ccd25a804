/** A kernel with the audit sink, a log that can be searched, and events to emit. */
import { evidenceEvent, Kernel, type EvidenceEvent } from '@sluice/core';
import { AuditSinkPlugin, type AuditSinkOptionsInput } from '@sluice/plugin-audit-sink';
import { pino } from 'pino';
import { metricValue } from '../../fixtures/stub-upstream.js';

export const API_KEY = 'audit-test-key-7f3a';

export interface SinkUnderTest {
  kernel: Kernel;
  plugin: AuditSinkPlugin;
  /** Every log line written so far, as text. */
  logs: string[];
  /** Emits `count` events through the kernel and returns them in emission order. */
  emit(count: number, traceId?: string): EvidenceEvent[];
  counter(name: string, labels?: Record<string, string>): Promise<number>;
}

/** Builds (does not start) a kernel with the sink; short backoffs keep every test bounded. */
export function sinkKernel(options: Partial<AuditSinkOptionsInput> = {}): SinkUnderTest {
  const logs: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => logs.push(line) });
  const kernel = new Kernel({ logger, logEvidence: false });
  const plugin = new AuditSinkPlugin(
    {
      url: 'http://127.0.0.1:9',
      apiKey: API_KEY,
      producerInstanceId: 'test-instance',
      flushIntervalMs: 20,
      timeoutSeconds: 2,
      retryInitialBackoffMs: 10,
      retryMaxBackoffMs: 40,
      flushTimeoutSeconds: 5,
      ...options,
    },
    '9.9.9',
  );
  kernel.use(plugin);
  let serial = 0;
  return {
    kernel,
    plugin,
    logs,
    emit(count, traceId = 'trace-audit-test') {
      const events: EvidenceEvent[] = [];
      for (let i = 0; i < count; i += 1) {
        serial += 1;
        const event = evidenceEvent(
          traceId,
          { source: 'gateway', category: 'request', event_type: 'request.received', outcome: 'started' },
          { attributes: { serial } },
        );
        kernel.emit(event);
        events.push(event);
      }
      return events;
    },
    counter: (name, labels = {}) => metricValue(kernel.metrics, name, labels),
  };
}
