/**
 * `npm run bench -- evidence-bounds`: what bounding costs an evidence event, per event, for an event
 * already within bounds (every event of a well-behaved request), one with a 300-character model, and one
 * with 80 attributes of 2,000 characters (the worst a plugin can hand over). The median of 7 runs of
 * 20,000 events each.
 */
import { evidenceEvent, type EvidenceDetails, type EvidenceHead } from '@sluice/core';
import { boundEvidenceEvent } from '@sluice/core';

const HEAD: EvidenceHead = { source: 'gateway', category: 'request', event_type: 'request.completed', outcome: 'completed' };
const EVENTS = 20_000;
const RUNS = 7;

const CASES: ReadonlyArray<readonly [string, EvidenceDetails]> = [
  [
    'within bounds',
    {
      actor: { tenant_id: 'default' },
      upstream: { model: 'gpt-4o-mini', response_status: 200, latency_ms: 412 },
      attributes: { delivery_path: 'upstream', duration_ms: 415 },
      committed_to_client: true,
    },
  ],
  ['300-character model', { actor: { tenant_id: 'default' }, upstream: { model: 'm'.repeat(300) } }],
  [
    '80 attributes of 2,000 characters',
    { attributes: Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`attribute_${i}`, 'x'.repeat(2000)])) },
  ],
];

export function benchEvidenceBounds(): Promise<void> {
  console.log('| event | bound alone (µs/event) | evidenceEvent with bounding (µs/event) |');
  console.log('|---|---|---|');
  for (const [name, details] of CASES) {
    // Built unbounded by spreading onto a bounded one: what kernel.emit sees from a hand-made event.
    const raw = { ...evidenceEvent('trace', HEAD), ...details };
    const bound = median(() => {
      for (let i = 0; i < EVENTS; i += 1) boundEvidenceEvent(raw);
    });
    const built = median(() => {
      for (let i = 0; i < EVENTS; i += 1) evidenceEvent('trace', HEAD, details);
    });
    console.log(`| ${name} | ${bound.toFixed(2)} | ${built.toFixed(2)} |`);
  }
  return Promise.resolve();
}

/** Microseconds per event, median of RUNS after one warm-up. */
function median(run: () => void): number {
  run();
  const times: number[] = [];
  for (let r = 0; r < RUNS; r += 1) {
    const started = process.hrtime.bigint();
    run();
    times.push(Number(process.hrtime.bigint() - started) / 1000 / EVENTS);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
}
