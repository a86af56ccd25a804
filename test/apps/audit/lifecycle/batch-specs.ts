/**
 * What a producer may send, drawn by fast-check as a shape and made concrete against the model when the
 * step runs (a retry can only repeat a batch sent earlier in the sequence): new batches small and large,
 * exact retries of acknowledged and of unanswered batches, new events mixed with an old one, an event
 * twice in one batch, and the same new batch sent several times at once.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { EvidenceEvent } from '@sluice/core';
import { requestEvents } from '../audit-under-test.js';
import type { AuditModel } from './audit-model.js';

export type BatchSpec =
  | { readonly kind: 'new'; readonly traces: number }
  | { readonly kind: 'large'; readonly traces: number }
  | { readonly kind: 'retry'; readonly pick: number }
  | { readonly kind: 'retry-unanswered'; readonly pick: number }
  | { readonly kind: 'mixed'; readonly traces: number; readonly pick: number }
  | { readonly kind: 'repeat-inside'; readonly traces: number }
  | { readonly kind: 'twins'; readonly traces: number; readonly copies: number };

const traces = fc.integer({ min: 1, max: 8 });
const pick = fc.nat({ max: 1000 });

export const batchSpec: fc.Arbitrary<BatchSpec> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('new' as const), traces }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('large' as const), traces: fc.integer({ min: 60, max: 150 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('retry' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('retry-unanswered' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('mixed' as const), traces, pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('repeat-inside' as const), traces }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('twins' as const), traces, copies: fc.integer({ min: 2, max: 3 }) }),
  },
);

export function specLabel(spec: BatchSpec): string {
  switch (spec.kind) {
    case 'retry':
    case 'retry-unanswered':
      return `${spec.kind}#${spec.pick}`;
    case 'mixed':
      return `mixed:${spec.traces * 3}+old#${spec.pick}`;
    case 'twins':
      return `${spec.copies}xtwins:${spec.traces * 3}`;
    default:
      return `${spec.kind}:${spec.traces * 3}`;
  }
}

const fresh = (count: number): EvidenceEvent[] => Array.from({ length: count }, () => requestEvents(randomUUID())).flat();

/** The batches one spec sends (twins send several), against what the sequence has sent so far. */
export function concreteBatches(model: AuditModel, spec: BatchSpec): EvidenceEvent[][] {
  const acknowledged = model.batches.filter((b) => b.acknowledged);
  const unanswered = model.batches.filter((b) => !b.acknowledged);
  switch (spec.kind) {
    case 'new':
    case 'large':
      return [fresh(spec.traces)];
    case 'retry':
      return acknowledged.length === 0 ? [fresh(1)] : [[...acknowledged[spec.pick % acknowledged.length]!.events]];
    case 'retry-unanswered':
      return unanswered.length === 0 ? [fresh(1)] : [[...unanswered[spec.pick % unanswered.length]!.events]];
    case 'mixed': {
      const events = fresh(spec.traces);
      if (acknowledged.length === 0) return [events];
      const old = acknowledged[spec.pick % acknowledged.length]!.events;
      return [[...events.slice(0, 1), old[spec.pick % old.length]!, ...events.slice(1)]];
    }
    case 'repeat-inside': {
      const events = fresh(spec.traces);
      return [[...events, events[0]!]];
    }
    case 'twins': {
      const events = fresh(spec.traces);
      return Array.from({ length: spec.copies }, () => [...events]);
    }
  }
}
