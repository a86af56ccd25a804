/**
 * The benchmark's vectors: seeded clustered points (runs repeat exactly) and the real sentence embeddings
 * shipped by @sap-ux/fiori-docs-embeddings, all unit length, stored row by row as 32-bit floats.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** `count` rows of `dims` floats, row i at `data[i * dims]`; the id of row i is i. */
export interface VectorSet {
  readonly count: number;
  readonly dims: number;
  readonly data: Float32Array;
}

/** mulberry32 with Box–Muller normals: small, fast, and the same sequence on every machine. */
export class SeededRandom {
  #state: number;
  #spare: number | undefined;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** Standard normal. */
  gaussian(): number {
    if (this.#spare !== undefined) {
      const spare = this.#spare;
      this.#spare = undefined;
      return spare;
    }
    const radius = Math.sqrt(-2 * Math.log(1 - this.next()));
    const angle = 2 * Math.PI * this.next();
    this.#spare = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  }
}

export function row(set: VectorSet, i: number): Float32Array {
  return set.data.subarray(i * set.dims, (i + 1) * set.dims);
}

/** Row i as the JSON array a client would send. */
export function rowJson(set: VectorSet, i: number): string {
  return JSON.stringify(Array.from(row(set, i)));
}

/** Writes `source + noise·N(0,1)` scaled to unit length into `target`. */
function noisyUnit(source: ArrayLike<number>, noise: number, random: SeededRandom, target: Float32Array): void {
  let norm = 0;
  const point = new Float64Array(source.length);
  for (let d = 0; d < source.length; d++) {
    point[d] = source[d]! + noise * random.gaussian();
    norm += point[d]! * point[d]!;
  }
  const scale = 1 / Math.sqrt(norm);
  for (let d = 0; d < source.length; d++) target[d] = point[d]! * scale;
}

export interface ClusteredSpace {
  readonly centres: VectorSet;
  /** Per-dimension standard deviation of a point around its centre. */
  readonly noise: number;
}

/** `clusters` random unit centres; points are drawn from them with `draw`. */
export function clusteredSpace(clusters: number, dims: number, noise: number, random: SeededRandom): ClusteredSpace {
  const centres = { count: clusters, dims, data: new Float32Array(clusters * dims) };
  const zero = new Float64Array(dims);
  for (let c = 0; c < clusters; c++) noisyUnit(zero, 1, random, row(centres, c));
  return { centres, noise };
}

/** `count` points, each a random centre plus Gaussian noise, normalised. */
export function drawClustered(space: ClusteredSpace, count: number, random: SeededRandom): VectorSet {
  const { centres, noise } = space;
  const set = { count, dims: centres.dims, data: new Float32Array(count * centres.dims) };
  for (let i = 0; i < count; i++) {
    const centre = row(centres, Math.floor(random.next() * centres.count));
    noisyUnit(centre, noise, random, row(set, i));
  }
  return set;
}

/** `count` stored rows picked at random, each moved by Gaussian noise and normalised: near-repeat questions. */
export function noisyCopies(source: VectorSet, count: number, noise: number, random: SeededRandom): VectorSet {
  const set = { count, dims: source.dims, data: new Float32Array(count * source.dims) };
  for (let i = 0; i < count; i++) noisyUnit(row(source, Math.floor(random.next() * source.count)), noise, random, row(set, i));
  return set;
}

/** Every `every`-th row is held out (queries); the others are stored, renumbered from 0. */
export function holdOut(source: VectorSet, every: number): { stored: VectorSet; heldOut: VectorSet } {
  const keep: number[] = [];
  const out: number[] = [];
  for (let i = 0; i < source.count; i++) (i % every === 0 ? out : keep).push(i);
  const pick = (rows: number[]) => {
    const set = { count: rows.length, dims: source.dims, data: new Float32Array(rows.length * source.dims) };
    rows.forEach((from, to) => row(set, to).set(row(source, from)));
    return set;
  };
  return { stored: pick(keep), heldOut: pick(out) };
}

/** The package's all-MiniLM-L6-v2 embeddings, checked against its metadata.json before use. */
export async function realEmbeddings(): Promise<VectorSet> {
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve('@sap-ux/fiori-docs-embeddings/package.json'));
  const dir = join(root, 'data', 'embeddings');
  const metadata = JSON.parse(await readFile(join(dir, 'metadata.json'), 'utf8')) as {
    dimensions: number;
    totalVectors: number;
  };
  const bytes = await readFile(join(dir, 'embeddings.bin'));
  const expected = metadata.totalVectors * metadata.dimensions * Float32Array.BYTES_PER_ELEMENT;
  if (bytes.byteLength !== expected) {
    throw new Error(
      `embeddings.bin holds ${bytes.byteLength} bytes; metadata.json (${metadata.totalVectors} × ${metadata.dimensions}) says ${expected}`,
    );
  }
  // A copy, so the floats sit at an aligned offset of their own buffer.
  const data = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  return { count: metadata.totalVectors, dims: metadata.dimensions, data };
}
