/**
 * Node's process metrics (CPU, memory, file descriptors, event-loop lag, garbage collection), from
 * prom-client's `collectDefaultMetrics`, on one registry per process: each collection starts an event-loop
 * monitor and a GC observer that nothing stops, so the services one process makes (several gateways or
 * modules, as in tests) share a single one. Each service's `/metrics` appends it to its own registry.
 */
import { collectDefaultMetrics, Registry } from 'prom-client';

let shared: Registry | undefined;

/**
 * The process's registry, collecting from its first use.
 * @example
 * ctx.body = (await kernel.metrics.exposition()).body + (await processMetrics().metrics());
 */
export function processMetrics(): Registry {
  if (shared === undefined) {
    shared = new Registry();
    collectDefaultMetrics({ register: shared });
  }
  return shared;
}
