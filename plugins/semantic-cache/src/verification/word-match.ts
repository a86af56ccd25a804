/**
 * Which content words of one question the other has too: the same word, the same stem, or a spelling
 * variant ("centre" / "center", "organise" / "organize"). The words left over on each side are what
 * the two questions differ in.
 */
import type { ContentWord } from './question-words.js';
import { stemOf } from './stems.js';
import { sameWordForm } from './word-forms.js';
import { synonymStems } from './synonyms.js';
import { NOT_PLURAL } from './word-lists.js';

export interface WordDifference {
  /** Content words of the first question the second lacks. */
  readonly onlyFirst: readonly ContentWord[];
  /** Content words of the second question the first lacks. */
  readonly onlySecond: readonly ContentWord[];
  /** Two words that share a stem but not a meaning: "news" / "new", "flying fish" / "fly fishing". */
  readonly collision: boolean;
}

/** Common start of two words beyond which they read as one stem to a lexical embedder. */
const SHARED_START = 4;

/**
 * Word pairs compared one by one at most: 256 content words against 256. Beyond it (a pasted document,
 * not a question) each word is looked up by its spelling and stem only, in time linear in the words, so
 * a long prompt cannot hold the event loop for seconds (20,000 characters took 6.7 s one by one).
 */
const PAIRWISE_LIMIT = 256 * 256;

export function wordDifference(first: readonly ContentWord[], second: readonly ContentWord[]): WordDifference {
  if (first.length * second.length > PAIRWISE_LIMIT) return wordDifferenceByLookup(first, second);
  const onlyFirst = first.filter((a, i) => !second.some((b) => sameWord(a, b)) && !compound(a, i, first, second));
  const onlySecond = second.filter((b, i) => !first.some((a) => sameWord(a, b)) && !compound(b, i, second, first));
  const collision =
    onlyFirst.some((a) => onlySecond.some((b) => sharedStart(a.word, b.word))) ||
    first.some((a) =>
      second.some(
        (b) =>
          a.stem === b.stem &&
          a.word !== b.word &&
          (NOT_PLURAL.has(a.word) || NOT_PLURAL.has(b.word) || silentE(a.word, b.word) || silentE(b.word, a.word)),
      ),
    ) ||
    movedSuffix(first, second);
  return { onlyFirst, onlySecond, collision };
}

/**
 * {@link wordDifference} for long texts: the same spelling or stem only, no spelling variants, forms or
 * compounds, so more words are left over and the rules refuse more, never less; words left over on both
 * sides count as a collision, so the `stems` rule refuses them.
 */
function wordDifferenceByLookup(first: readonly ContentWord[], second: readonly ContentWord[]): WordDifference {
  const known = (words: readonly ContentWord[]) => new Set(words.flatMap((word) => [word.word, `~${word.stem}`]));
  const inFirst = known(first);
  const inSecond = known(second);
  const missing = (word: ContentWord, other: ReadonlySet<string>) =>
    !other.has(word.word) && (NOT_PLURAL.has(word.word) || !other.has(`~${word.stem}`));
  const onlyFirst = first.filter((word) => missing(word, inSecond));
  const onlySecond = second.filter((word) => missing(word, inFirst));
  return { onlyFirst, onlySecond, collision: onlyFirst.length > 0 && onlySecond.length > 0 };
}

/**
 * A word written closed on one side and open on the other: "toothbrush" / "tooth brush", or one of
 * the open pair against the closed word ("tour" of "tour guides" / "tourguides").
 */
function compound(word: ContentWord, at: number, own: readonly ContentWord[], other: readonly ContentWord[]): boolean {
  for (let i = 1; i < other.length; i += 1) {
    const joined = other[i - 1]!.word + other[i]!.word;
    if (joined === word.word || stemOf(joined) === word.stem || spellingVariant(joined, word.word)) return true;
  }
  const next = own[at + 1]?.word;
  const previous = own[at - 1]?.word;
  return other.some(
    (b) => (next !== undefined && b.word === word.word + next) || (previous !== undefined && b.word === previous + word.word),
  );
}

export function sameWord(a: ContentWord, b: ContentWord): boolean {
  if (a.word === b.word) return true;
  if (NOT_PLURAL.has(a.word) || NOT_PLURAL.has(b.word)) return false;
  return a.stem === b.stem || spellingVariant(a.word, b.word) || sameWordForm(a.word, b.word) || synonymStems(a.stem, b.stem);
}

/**
 * One letter changed, added, dropped or swapped with its neighbour, in words of five letters or more;
 * one letter changed in words of four ("tyre" / "tire"); never the first letter.
 */
export function spellingVariant(a: string, b: string): boolean {
  if (a.length === 4 && b.length === 4)
    return (
      [...a].filter((c, i) => c !== b[i]).length === 1 &&
      /[aeiouy]/.test(a[0]! + a[3]!) === /[aeiouy]/.test(b[0]! + b[3]!) &&
      a[0] === b[0]
    );
  // A slip keeps the first letter: "patch" / "match", "sink" / "link" are other words.
  if (a.length < 5 || b.length < 5 || Math.abs(a.length - b.length) > 1 || a[0] !== b[0]) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  let j = 0;
  while (j < a.length - i && j < b.length - i && a[a.length - 1 - j] === b[b.length - 1 - j]) j += 1;
  const restA = a.length - i - j;
  const restB = b.length - i - j;
  if (restA <= 1 && restB <= 1) return true;
  // A swap of neighbours: "centre" / "center".
  return restA === 2 && restB === 2 && a[i] === b[i + 1] && a[i + 1] === b[i];
}

/** Two unmatched words that start alike: "creditor" / "credit", "university" / "universal". */
function sharedStart(a: string, b: string): boolean {
  if (a.length < SHARED_START || b.length < SHARED_START) return false;
  for (let i = 0; i < SHARED_START; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * A short word and the word with a silent "e" after it, which the stem makes one: "cap" / "cape", "tap"
 * / "tape", "hop" / "hope", plurals too ("caps" / "capes").
 */
function silentE(short: string, long: string): boolean {
  if (long.length !== short.length + 1 || long.length > 5) return false;
  // Plurals only both ways round: "tax" / "taxes" is one word.
  const plural = short.length === 4 && short.endsWith('s') && long.endsWith('s');
  const [x, y] = plural ? [short.slice(0, -1), long.slice(0, -1)] : [short, long];
  return y === `${x}e` && SHORT_VOWEL.test(x);
}

/** Consonant, vowel, consonant (not w, x or y, which no "e" follows silently): the vowel a silent "e" lengthens. */
const SHORT_VOWEL = /^[b-df-hj-np-tv-z][aeiou][b-df-hj-np-tvz]$/;

/**
 * "flying fish" / "fly fishing": the "-ing" moves from one word to the one next to it, so each side has an
 * "-ing" word whose stem the other has without it, the two words side by side. Apart, each word keeps its
 * own suffix ("clicking in my knee when I squat" / "my knee clicks when squatting").
 */
function movedSuffix(first: readonly ContentWord[], second: readonly ContentWord[]): boolean {
  for (const a of ingWords(first))
    for (const b of ingWords(second)) {
      const bareA = second.find((w) => w.stem === a.stem && !w.word.endsWith('ing'));
      const bareB = first.find((w) => w.stem === b.stem && !w.word.endsWith('ing'));
      if (bareA !== undefined && bareB !== undefined && near(a, bareB) && near(b, bareA)) return true;
    }
  return false;
}

function ingWords(words: readonly ContentWord[]): ContentWord[] {
  return words.filter((w) => w.word.endsWith('ing') && w.word !== w.stem);
}

/** Next to each other, or an article or preposition apart. */
const near = (a: ContentWord, b: ContentWord) => Math.abs(a.at - b.at) <= 2;

/** The same values in the same order: two lists of numbers, dates, tokens or words. */
export function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}
