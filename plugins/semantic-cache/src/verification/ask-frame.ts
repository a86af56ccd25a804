/**
 * Words that frame the ask rather than narrow what is asked about: "What's the reason cats purr?" is
 * "Why do cats purr?", "What's the procedure for renewing a passport?" is "How do I renew my passport?",
 * "Which city is Australia's capital?" is "What is the capital of Australia?". The `extra` rule counts
 * one content word more on one side as a narrowing; a word that only says how the question is asked, or
 * names the kind of answer wanted, narrows nothing, and counting it refused true paraphrases (tune half
 * of the labelled question set, USE-lite at 0.86: 20 of the 74 paraphrases `extra` alone refused).
 */
import type { ContentWord } from './question-words.js';

/** Nouns and verbs that restate how or why ("the way to", "the reason", "what does X mean", "explain X"). */
// prettier-ignore
const FRAMING: ReadonlySet<string> = new Set([
  'reason', 'reasons', 'way', 'ways', 'method', 'technique', 'procedure', 'process', 'steps', 'path',
  'proper', 'explain', 'mean', 'meaning', 'definition', 'define', 'describe',
]);

/** Question words after which a noun names the kind of answer: "which city", "what age", "what type of oil". */
const ASKING: ReadonlySet<string> = new Set(['what', 'which']);
/**
 * What follows the kind of answer before the question goes on: "which city is", "what age should", "what
 * type of". A verb there ("what ended the Depression") is the ask itself, not its kind.
 */
// prettier-ignore
const AFTER_KIND: ReadonlySet<string> = new Set([
  'is', 'are', 'was', 'were', 'do', 'does', 'did', 'should', 'can', 'could', 'will', 'would', 'to', 'of',
  'has', 'have', 'had', 'must', 'might',
]);
/** "what kind of oil": the noun after these is the answer's kind too. */
const KIND_OF: ReadonlySet<string> = new Set(['kind', 'type', 'sort']);
/** "What makes stars twinkle?" asks why. */
const CAUSING: ReadonlySet<string> = new Set(['makes', 'make', 'made']);

/**
 * @example
 * // "What's the reason my phone gets hot?" / "Why does my phone get hot?"
 * framesTheAsk({ word: 'reason', stem: 'reason', at: 3 }, tokens); // true
 * // "Which city is Australia's capital?" / "What is the capital of Australia?"
 * framesTheAsk({ word: 'city', stem: 'citi', at: 1 }, ['which', 'city', 'is', ...]); // true
 */
export function framesTheAsk(word: ContentWord, tokens: readonly string[]): boolean {
  if (FRAMING.has(word.word)) return true;
  // "In terms of area, is Alaska bigger?" is "Is Alaska bigger by area?".
  if (word.word === 'terms' && tokens[word.at - 1] === 'in' && tokens[word.at + 1] === 'of') return true;
  const before = tokens[word.at - 1] ?? '';
  // "Is it possible to temper chocolate without …?" is "Can I temper chocolate without …?".
  if (word.word === 'possible' && before === 'it' && (tokens[word.at - 2] === 'is' || tokens[word.at - 2] === 'was')) return true;
  // "How much time does a gel manicure last?" is "How long does it last?".
  if (word.word === 'time' && before === 'much' && tokens[word.at - 2] === 'how') return true;
  if (ASKING.has(before)) return CAUSING.has(word.word) || AFTER_KIND.has(tokens[word.at + 1] ?? '');
  return before === 'of' && KIND_OF.has(tokens[word.at - 2] ?? '') && ASKING.has(tokens[word.at - 3] ?? '');
}
