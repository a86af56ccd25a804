/**
 * Close wording: two questions the built-in lexical embedder scores at or above
 * {@link CLOSE_WORDING_SIMILARITY}, whatever embedder the store uses. A neural embedder scores a question
 * with a clause moved or a framing phrase added ("Could someone tell me how to change the margins in
 * Google Docs?" / "How do I change the margins in Google Docs?") below its threshold, and the lexical one,
 * reading the words themselves, scores it high: where the two readings agree, a candidate below the
 * threshold answers (when the verification passes too).
 */
import { LocalEmbedder } from './embeddings/local-embedder.js';
import { QuestionMemo } from './question-memo.js';

/**
 * The lexical similarity of close wording, with the embedder's default 256 dimensions. Chosen on the tune
 * half of the labelled question set as the value that adds the most paraphrases under USE-lite without a
 * wrong hit more (0.60 to 0.90 in steps of 0.05); docs/semantic-cache.md, "Close wording".
 */
export const CLOSE_WORDING_SIMILARITY = 0.9;

export class CloseWording {
  readonly #embedder = new LocalEmbedder();
  /** Stored questions' lexical vectors (1 KB each): the entries that answer most hits are compared again and again. */
  readonly #stored = new QuestionMemo((question) => this.vectorOf(question));

  /**
   * The new question's lexical vector, made once per lookup for every candidate it is compared with.
   * @example
   * const wording = new CloseWording();
   * const fresh = wording.vectorOf('how can I reset my router');
   * wording.isClose('How do I reset my router?', fresh); // true
   */
  vectorOf(question: string): Float32Array {
    return Float32Array.from(this.#embedder.embedSync(question));
  }

  /** Whether a stored question is worded closely to the new one, whose vector `vectorOf` made. */
  isClose(storedQuestion: string, fresh: Float32Array): boolean {
    return dot(this.#stored.of(storedQuestion), fresh) >= CLOSE_WORDING_SIMILARITY;
  }
}

/**
 * Both questions worded closely, for one pair (the quality tests score pairs this way).
 * @example
 * closelyWorded('Who was Genghis Khan?', "I'd like to know who Genghis Khan was."); // true
 * closelyWorded('Who was Genghis Khan?', 'Who was Kublai Khan?');                    // false
 */
export function closelyWorded(a: string, b: string): boolean {
  return pairWording.isClose(a, pairWording.vectorOf(b));
}

const pairWording = new CloseWording();

/** Both vectors have unit length: their dot product is their cosine. */
function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += a[i]! * b[i]!;
  return sum;
}
