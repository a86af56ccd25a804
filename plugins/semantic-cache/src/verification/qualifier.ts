/**
 * A question narrowed by a phrase added after everything the other asks: "Can I fly a drone?" / "Can
 * I fly a drone over an airport?", "symptoms of a UTI" / "symptoms of a UTI in men", "how often should
 * I walk my dog" / "… and for how long"; or by one word put before the thing it ends on: "Can cats
 * drink milk?" / "… almond milk?". The answer to the broad question misses the condition the narrow
 * one adds. A word added elsewhere ("the reason Venice is sinking") is left to the other rules: it is
 * as often a rephrasing as a narrowing.
 */
import type { ContentWord } from './question-words.js';
import type { WordDifference } from './word-match.js';

/** Words that open a phrase narrowing what comes before them: a preposition or a conjunction. */
// prettier-ignore
const OPENS_PHRASE: ReadonlySet<string> = new Set([
  'in', 'on', 'for', 'with', 'near', 'over', 'under', 'during', 'and', 'because', 'if', 'when', 'while',
  'at', 'without', 'after', 'before', 'by', 'from', 'as', 'since', 'until', 'inside', 'outside', 'within',
  // Adverbs of place that open one on their own: "grow tomatoes indoors in winter".
  'indoors', 'outdoors', 'abroad', 'overseas',
]);

/** Phrases that set no condition the answer depends on: "at home", "on my own", "in general", "for free". */
// prettier-ignore
const NO_CONDITION: ReadonlySet<string> = new Set([
  'home', 'own', 'general', 'free', 'short', 'brief', 'detail', 'practice', 'simple', 'easy', 'beginner',
  'beginners', 'properly', 'correctly', 'quickly', 'easily', 'fast',
  // A measure named after its value: "two gigabytes in size", "six hours in total".
  'size', 'total', 'length', 'weight', 'height', 'width', 'depth', 'amount',
]);

/**
 * @example
 * // "Can I legally fly a drone?" / "Can I legally fly a drone over an airport?"
 * narrowed(difference, broadFacts, narrowFacts); // true: "over" opens a phrase after "drone"
 */
export function narrowed(
  difference: WordDifference,
  first: { readonly words: readonly ContentWord[]; readonly tokens: readonly string[] },
  second: { readonly words: readonly ContentWord[]; readonly tokens: readonly string[] },
): boolean {
  const { onlyFirst, onlySecond } = difference;
  if (onlyFirst.length === 0 && onlySecond.length > 0)
    return trailingPhrase(second, onlySecond) || headModifier(second, onlySecond);
  if (onlySecond.length === 0 && onlyFirst.length > 0) return trailingPhrase(first, onlyFirst) || headModifier(first, onlyFirst);
  // Each narrowed its own way: "Why does my car shake at high speed?" / "… when idling?".
  return onlyFirst.length > 0 && trailingPhrase(first, onlyFirst) && trailingPhrase(second, onlySecond);
}

/**
 * Words before a noun that do not narrow it: degree ("too dense"), count ("a single banana"), and what
 * a thing belongs to in every product ("my account password" is "my password").
 */
// prettier-ignore
const NOT_NARROWING: ReadonlySet<string> = new Set([
  'too', 'so', 'very', 'really', 'quite', 'pretty', 'extremely', 'super', 'single', 'whole', 'entire',
  'actual', 'same', 'usual', 'typical', 'average', 'normal', 'regular', 'account', 'user', 'login', 'own',
]);

/**
 * One word added right before the word the question ends on, its head: "milk" / "almond milk",
 * "fluffy rice" / "fluffy brown rice". Not a verb form ("best for visiting Iceland"), an abbreviation
 * ("mac n cheese") or a word of degree or count.
 */
function headModifier(narrow: { readonly words: readonly ContentWord[] }, added: readonly ContentWord[]): boolean {
  if (added.length !== 1) return false;
  const word = added[0]!;
  const head = narrow.words[narrow.words.length - 1]!;
  if (narrow.words[narrow.words.length - 2] !== word || head.at !== word.at + 1) return false;
  return word.word.length > 2 && !word.word.endsWith('ing') && !NOT_NARROWING.has(word.word);
}

/**
 * A word that narrows nothing wherever it stands: a setting ("at home"), a degree ("too dense"), what a
 * thing belongs to in every product ("my account password").
 * @example
 * passingWord('account'); // true
 * passingWord('electric'); // false
 */
export function passingWord(word: string): boolean {
  return NOT_NARROWING.has(word) || NO_CONDITION.has(word);
}

/** "Does tea dehydrate you at all?": "at all" stresses the question, it sets no condition and asks nothing more. */
export function atAll(word: ContentWord, tokens: readonly string[]): boolean {
  return word.word === 'all' && tokens[word.at - 1] === 'at';
}

/** All of `added` comes after the last word both share, and a preposition or conjunction opens its phrase. */
function trailingPhrase(
  narrow: { readonly words: readonly ContentWord[]; readonly tokens: readonly string[] },
  added: readonly ContentWord[],
): boolean {
  const firstAdded = narrow.words.indexOf(added[0]!);
  // Every word after the first added one is added too, and something shared comes before it.
  if (firstAdded < 1 || narrow.words.length - firstAdded !== added.length) return false;
  if (added.every((word) => NO_CONDITION.has(word.word))) return false;
  if (added.length === 1 && atAll(added[0]!, narrow.tokens)) return false;
  // A person may stand between ("walk my dog and for how long"): the opener is looked for up to the added word.
  for (let i = narrow.words[firstAdded - 1]!.at + 1; i <= added[0]!.at; i += 1)
    if (OPENS_PHRASE.has(narrow.tokens[i]!)) return true;
  return false;
}
