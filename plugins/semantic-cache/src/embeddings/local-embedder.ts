/**
 * The offline embedder: a lexical vector built from the question's own words, with no model, no
 * download and no network.
 *
 * It matches rephrasings that share wording, not meaning: "how do I reset my password?" and "How can
 * I reset my password" land close together, "how do I change my password?" somewhat further, and a
 * synonym it has never been told about ("cancel" / "terminate") not at all. Use an embedding model
 * through `OpenAIEmbedder` when paraphrases in other words must hit.
 *
 * Known techniques, one vector:
 * - normalisation ({@link lexicalTokens}): NFKC, lower case, accents, contractions, hyphens, numbers;
 * - word unigrams after a light stemmer, with sublinear term frequency (1 + ln tf);
 * - character 3- to 5-grams of each word (fastText-style, with word boundaries), sharing the word's
 *   weight, so inflections and small typos keep part of their match;
 * - ordered pairs of content words next to each other or one apart (skip-grams), so "Paris to Lyon"
 *   and "Lyon to Paris" differ;
 * - function words ("do", "the", "please") weighed down, and question words that fix the kind of
 *   answer ("when", "where", "why") less so, so the words that carry the question decide;
 * - the signed hashing trick into `dims` slots, then L2 normalisation (cosine = dot product).
 */
import type { Embedder, Embedding } from './embedder.js';
import { addFeature, fnv1a, fnvStep, Namespace } from './feature-hash.js';
import { FUNCTION_WORDS } from './function-words.js';
import { lexicalTokens } from './lexical-tokens.js';
import { lightStem } from './light-stem.js';

export interface LocalEmbedderOptions {
  /** Vector length; `vectordb_vector_size` must be the same. 16 to 8192, {@link LOCAL_EMBEDDER_DEFAULT_DIMS} when left out. */
  readonly dims?: number | undefined;
}

/**
 * Stored vectors are only comparable with vectors of the same model: a change to any weight or rule
 * below, or to the tokens it reads, is a new model and takes a new name.
 */
export const LOCAL_EMBEDDER_MODEL = 'sluice-lexical-v1';
/**
 * 256: the labelled pairs score the same as at 512, and a search reads half the memory (the search is most
 * of a semantic hit's time). Earlier releases made 512; their stores need `embedding_local_dims 512`.
 */
export const LOCAL_EMBEDDER_DEFAULT_DIMS = 256;

/** Weight of a function word against a content word's 1. */
const FUNCTION_WEIGHT = 0.15;
/** Question words that set the kind of answer (a time, a place, a reason) weigh more than "what". */
const QUESTION_WORDS: ReadonlyMap<string, number> = new Map(['who', 'when', 'where', 'why', 'how'].map((w) => [w, 0.5]));
/** Share of a word's squared weight on its whole-word feature; the rest goes to its n-grams. */
const WORD_SHARE = 0.5;
/** Weight of an ordered pair of neighbouring content words, and of one with a word between them. */
const PAIR_WEIGHT = 0.6;
const SKIP_PAIR_WEIGHT = 0.4;
const NEGATIONS: ReadonlySet<string> = new Set(['not', 'no', 'never']);
const MIN_NGRAM = 3;
const MAX_NGRAM = 5;
const BOUNDARY_START = 0x3c; // '<'
const BOUNDARY_END = 0x3e; // '>'
/** The one feature of a text with no word in it, so that every vector has unit length. */
const EMPTY_TEXT = 'sluice:empty';

/**
 * @example
 * const embedder = new LocalEmbedder();
 * const { vector } = await embedder.embed('How can I reset my password?'); // 256 numbers, unit length
 */
export class LocalEmbedder implements Embedder {
  readonly provider = 'local';
  readonly model = LOCAL_EMBEDDER_MODEL;
  readonly dims: number;
  readonly #scratch: Float64Array;

  constructor(options: LocalEmbedderOptions = {}) {
    const dims = options.dims ?? LOCAL_EMBEDDER_DEFAULT_DIMS;
    if (!Number.isInteger(dims) || dims < 16 || dims > 8192)
      throw new Error(`LocalEmbedder: dims must be a whole number from 16 to 8192, got ${dims}`);
    this.dims = dims;
    this.#scratch = new Float64Array(dims);
  }

  async embed(text: string): Promise<Embedding> {
    return { vector: this.embedSync(text), promptTokens: 0 };
  }

  /** The same vector as {@link embed}, without the promise: for benchmarks and batch tools. */
  embedSync(text: string): number[] {
    // Synchronous from start to end, so one buffer per embedder serves every call.
    const vector = this.#scratch.fill(0);
    const terms = termsOf(lexicalTokens(text));
    for (const [stem, packed] of terms.counts) addTerm(vector, stem, termWeight(stem, packed));
    addPairs(vector, terms.pairs, PAIR_WEIGHT);
    addPairs(vector, terms.skipPairs, SKIP_PAIR_WEIGHT);
    if (terms.counts.size === 0) addFeature(vector, fnv1a(text.trim() || EMPTY_TEXT, Namespace.WORD), 1);
    return unit(vector) ?? unit(emptyVector(this.dims))!;
  }
}

/**
 * Each stem's count and kind packed in one number (`count * 2 + 1` for a function word, as its last
 * occurrence read), in first-seen order; and the ordered pairs of neighbouring content stems, counted.
 */
interface Terms {
  readonly counts: Map<string, number>;
  readonly pairs: Map<string, number>;
  readonly skipPairs: Map<string, number>;
}

function termsOf(tokens: readonly string[]): Terms {
  const counts = new Map<string, number>();
  const content: string[] = [];
  for (const token of tokens) {
    const isFunction = FUNCTION_WORDS.has(token);
    const stem = isFunction ? token : lightStem(token);
    const seen = counts.get(stem) ?? 0;
    counts.set(stem, ((seen >> 1) + 1) * 2 + (isFunction ? 1 : 0));
    // A negation moves with the contraction ("doesn't X" / "does not X"): it counts as a word, not in pairs.
    if (!isFunction && !NEGATIONS.has(token)) content.push(stem);
  }
  return { counts, pairs: orderedPairs(content, 1, '>'), skipPairs: orderedPairs(content, 2, '>>') };
}

/** A stem's sublinear weight, from its packed count and kind. */
function termWeight(stem: string, packed: number): number {
  const base = packed & 1 ? (QUESTION_WORDS.get(stem) ?? FUNCTION_WEIGHT) : 1;
  return base * (1 + Math.log(packed >> 1));
}

/** Pairs of content stems `gap` apart, in reading order, counted. */
function orderedPairs(content: readonly string[], gap: number, link: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = gap; i < content.length; i += 1) {
    const pair = `${content[i - gap]}${link}${content[i]}`;
    counts.set(pair, (counts.get(pair) ?? 0) + 1);
  }
  return counts;
}

function addPairs(vector: Float64Array, pairs: Map<string, number>, weight: number): void {
  for (const [pair, count] of pairs) addFeature(vector, fnv1a(pair, Namespace.PAIR), weight * (1 + Math.log(count)));
}

/** A word's features: the whole word, and its boundary-marked n-grams sharing the rest of its weight. */
function addTerm(vector: Float64Array, stem: string, weight: number): void {
  const padded = stem.length + 2;
  const ngramCount = isNumeral(stem) ? 0 : countNgrams(padded);
  const wordWeight = ngramCount === 0 ? weight : weight * Math.sqrt(WORD_SHARE);
  addFeature(vector, fnv1a(stem, Namespace.WORD), wordWeight);
  if (ngramCount === 0) return;
  const ngramWeight = (weight * Math.sqrt(1 - WORD_SHARE)) / Math.sqrt(ngramCount);
  for (let start = 0; start < padded; start += 1) {
    let h: number = Namespace.NGRAM;
    for (let end = start; end < Math.min(padded, start + MAX_NGRAM); end += 1) {
      h = fnvStep(h, codeAt(stem, end));
      if (end - start + 1 >= MIN_NGRAM) addFeature(vector, h, ngramWeight);
    }
  }
}

/** Digits and dots only (`/^[\d.]+$/`): a number has no n-grams. */
function isNumeral(stem: string): boolean {
  if (stem.length === 0) return false;
  for (let i = 0; i < stem.length; i += 1) {
    const code = stem.charCodeAt(i);
    if (code !== 0x2e && (code < 0x30 || code > 0x39)) return false;
  }
  return true;
}

/** The code unit at `index` of `<stem>`. */
function codeAt(stem: string, index: number): number {
  if (index === 0) return BOUNDARY_START;
  if (index === stem.length + 1) return BOUNDARY_END;
  return stem.charCodeAt(index - 1);
}

function countNgrams(length: number): number {
  let count = 0;
  for (let n = MIN_NGRAM; n <= MAX_NGRAM; n += 1) count += Math.max(0, length - n + 1);
  return count;
}

/** The vector scaled to length 1; undefined when every feature cancelled out (possible, if unlikely). */
function unit(vector: Float64Array): number[] | undefined {
  let norm = 0;
  for (let i = 0; i < vector.length; i += 1) norm += vector[i]! * vector[i]!;
  if (norm === 0) return undefined;
  const scale = 1 / Math.sqrt(norm);
  const out = new Array<number>(vector.length);
  for (let i = 0; i < vector.length; i += 1) out[i] = vector[i]! * scale;
  return out;
}

function emptyVector(dims: number): Float64Array {
  const vector = new Float64Array(dims);
  addFeature(vector, fnv1a(EMPTY_TEXT, Namespace.WORD), 1);
  return vector;
}
