/** The JSON bodies the benchmark sends, built from set rows the way a client would serialise them. */
import { rowJson, type VectorSet } from './dataset.js';

export function insertBody(set: VectorSet, i: number): string {
  return `{"ext_id":${i},"vector":${rowJson(set, i)},"answer":"answer ${i}"}`;
}

export function searchBody(set: VectorSet, q: number, k: number): string {
  return `{"query":${rowJson(set, q)},"k":${k}}`;
}

/** k 1 and the default similarity threshold (0.8), as a gateway asking for a cached answer sends it. */
export function qaBody(set: VectorSet, q: number): string {
  return `{"query":${rowJson(set, q)}}`;
}

export function allBodies(set: VectorSet, body: (set: VectorSet, q: number) => string): string[] {
  return Array.from({ length: set.count }, (_, q) => body(set, q));
}
