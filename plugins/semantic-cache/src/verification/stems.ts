/**
 * The light stem of a word, remembered: questions repeat the same few thousand words, and each fact
 * the verification reads stems them again. Bounded: the memory is emptied when it holds too many.
 */
import { lightStem } from '../embeddings/light-stem.js';

const STEMS = new Map<string, string>();
const MAX_STEMS = 20_000;

export function stemOf(word: string): string {
  let stem = STEMS.get(word);
  if (stem === undefined) {
    if (STEMS.size >= MAX_STEMS) STEMS.clear();
    stem = lightStem(word);
    STEMS.set(word, stem);
  }
  return stem;
}
