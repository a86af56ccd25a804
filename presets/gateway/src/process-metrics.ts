/**
 * Node's process metrics (CPU, memory, file descriptors, event-loop lag, garbage collection), from
 * prom-client's `collectDefaultMetrics`, on one registry per process: each collection starts an event-loop
 * monitor and a GC observer that nothing stops, so the gateways one process makes share a single one.
 */
import { collectDefaultMetrics, Registry } from 'prom-client';

let shared: Registry | undefined;

/** The process's registry, collecting from its first use. */
export function processMetrics(): Registry {
  if (shared === undefined) {
    shared = new Registry();
    collectDefaultMetrics({ register: shared });
  }
  return shared;
}
