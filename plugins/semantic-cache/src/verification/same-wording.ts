/**
 * The same question written another way: the same words in the same order once case, punctuation,
 * contractions ("what's" / "what is"), articles, spellings ("centre" / "center", "yoghurt" / "yogurt", a
 * one-letter typo) and words that stand for each other ("delete" / "remove", synonyms.ts) are set aside.
 * A neural embedder can score such a pair well below paraphrases it reads better (USE-lite: "How do I
 * organise my finances?" / "How do I organize my finances?" 0.887, "Is it illegal to drive barefoot?" /
 * "is it ilegal to drive barefoot" 0.894), so a lookup serves it from `semantic_same_wording_threshold`
 * up, once every rule in force passes.
 */
import type { QuestionFacts } from './question-facts.js';
import { sameWord } from './word-match.js';
import type { ContentWord } from './question-words.js';

/**
 * `semantic_same_wording_threshold`'s default. The lexical embedder weighs a rare word heavily, so one
 * spelling or typo of it takes a pair far down ("How do I check my tyre tread?" / "… tire tread?" 0.46).
 * On the tune half of the labelled question set, from 0.80 down to 0.50 took the lexical embedder's
 * recall at 0.92 from 0.250 to 0.283 and USE-lite's at 0.95 from 0.275 to 0.283, with no wrong hit; 0.40
 * let one in ("What is a Marine?" / "What is a marina?"). Docs/semantic-cache.md, "Same wording".
 */
export const SAME_WORDING_THRESHOLD_DEFAULT = 0.5;

/** Left out of the comparison: "how to check if a variable is undefined" is "… if variable is undefined". */
const ARTICLES: ReadonlySet<string> = new Set(['a', 'an', 'the']);

/** A token with a letter or digit: clause marks and stray symbols are not words. */
const WORDLIKE = /[\p{L}\p{N}]/u;

/**
 * @example
 * sameWording(questionFacts('How do I center text in HTML?'), questionFacts('how do i centre text in html')); // true
 * sameWording(questionFacts('How do I center text?'), questionFacts('How do I center an image?'));            // false
 */
export function sameWording(a: QuestionFacts, b: QuestionFacts): boolean {
  const first = alignedWording(a);
  const second = alignedWording(b);
  if (first.length === 0 || first.length !== second.length) return false;
  for (let i = 0; i < first.length; i += 1) {
    const x = first[i]!;
    const y = second[i]!;
    if (x.token === y.token) continue;
    if (x.word === undefined || y.word === undefined || !sameWord(x.word, y.word)) return false;
  }
  return true;
}

export interface Worded {
  readonly token: string;
  /** The token read as a content word, for spellings and forms; undefined for a function word. */
  readonly word: ContentWord | undefined;
}

/**
 * The words {@link sameWording} aligns, in order: articles and clause marks left out.
 * @example
 * alignedWording(questionFacts('What is a VPN?')).map((w) => w.token); // ['what', 'is', 'vpn']
 */
export function alignedWording(facts: QuestionFacts): readonly Worded[] {
  let worded = WORDINGS.get(facts);
  if (worded === undefined) WORDINGS.set(facts, (worded = wordingOf(facts)));
  return worded;
}

/**
 * Wordings already read, by the facts they were read from: a lookup compares the new question with each
 * candidate, and the stored questions' facts are kept between lookups (facts-memo.ts), so the same facts
 * are aligned again and again. Weak, so it lives as long as the facts do.
 */
const WORDINGS = new WeakMap<QuestionFacts, readonly Worded[]>();

function wordingOf(facts: QuestionFacts): Worded[] {
  const byPlace = new Map<number, ContentWord>();
  for (const word of facts.words) byPlace.set(word.at, word);
  const worded: Worded[] = [];
  facts.tokens.forEach((token, at) => {
    if (!ARTICLES.has(token) && WORDLIKE.test(token)) worded.push({ token, word: byPlace.get(at) });
  });
  return worded;
}
