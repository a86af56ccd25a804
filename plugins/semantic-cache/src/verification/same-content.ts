/**
 * The same question restated: every content word of each is a word of the other (a form, a spelling or
 * a number written another way counts as the same word), once words said in passing or framing the ask
 * are set aside (narrowing.ts), in any order. "What's the reason my phone gets hot while charging?" /
 * "Why does my phone get hot when charging?", "Dinner party on Saturday, what's an easy make-ahead
 * dessert?" / "What's an easy make-ahead dessert for a dinner party? It's on Saturday.", "Is 256GB enough
 * storage for an iPhone?" / "Will 256 gigs of storage be enough on an iPhone?". A neural embedder scores
 * many such pairs below paraphrases it reads better, so a lookup treats them like the same wording
 * (same-wording.ts): a hit from `semantic_restated_threshold` up once every rule in force passes (its
 * default by embedder: threshold-default.ts).
 *
 * Words in another order can also change who or what a word is about, and two checks keep that out:
 * a name keeps its case when both questions were typed with names ("going to Nice in March" / "going on a
 * march in Nice"), and a relation word both questions use keeps what it points at ("borrow words from"
 * / "borrowed words from English").
 */
import type { QuestionFacts } from './question-facts.js';
import type { Relation } from './relations.js';
import type { ContentWord } from './question-words.js';
import { restates } from './narrowing.js';
import { spellingVariant, wordDifference } from './word-match.js';
import { initialsCover, initialsPlaces } from './acronyms.js';
import { nameOf } from './question-words.js';
import { CLAUSE_MARK } from './carriers.js';
import { DETERMINERS, FILLER } from './word-lists.js';

/** Content words of a question that may be restated: a question, not a pasted document. */
const RESTATED_WORDS = 64;

/**
 * @example
 * sameContent(questionFacts("What's the reason cats purr?"), questionFacts('Why do cats purr?')); // true
 * sameContent(questionFacts('Is it worth going to Nice in March?'), questionFacts('Is it worth going on a march in Nice?')); // false
 */
export function sameContent(a: QuestionFacts, b: QuestionFacts): boolean {
  if (a.words.length === 0 || b.words.length === 0 || a.words.length > RESTATED_WORDS || b.words.length > RESTATED_WORDS)
    return false;
  const { onlyFirst, onlySecond } = wordDifference(a.words, b.words);
  // Initials one side spells out ("NYC" / "New York City") are said on both.
  const spelledA = onlyFirst.length === 0 ? NONE : initialsPlaces(a.tokens, a.named, b.tokens, b.named);
  const spelledB = onlySecond.length === 0 ? NONE : initialsPlaces(b.tokens, b.named, a.tokens, a.named);
  const leftA = onlyFirst.filter((word) => !restates(word, a.tokens) && !spelledA.has(word.at));
  const leftB = onlySecond.filter((word) => !restates(word, b.tokens) && !spelledB.has(word.at));
  if (leftA.length + leftB.length > 1 || !leftA.every((word) => doing(word, a)) || !leftB.every((word) => doing(word, b)))
    return false;
  return sameNames(a, b) && sameTargets(a.relations, b.relations);
}

const NONE: ReadonlySet<number> = new Set();

/** "-ing" forms: "brewing", "taking". */
const DOING = /^[a-z]{3,}ing$/;

/** Words before a noun: an "-ing" word after them describes it ("a folding bike") instead of naming an act. */
const BEFORE_A_NOUN: ReadonlySet<string> = new Set([...DETERMINERS, 'some', 'any', 'which', 'what', 'every', 'each', 'no']);

/** How far after the "-ing" word the thing it acts on is looked for: "canning [the] green beans". */
const OBJECT_REACH = 3;

/**
 * The one word left over is a doing that names the act the other question takes as said, done to a thing
 * both name: "honey for brewing kombucha" / "honey for kombucha", "the best month for visiting Iceland" /
 * "to go to Iceland". Not a doing with nothing after it, which may narrow ("shoes for running" / "shoes",
 * "plant tomatoes in spring"), nor one a determiner makes a thing ("a folding bike").
 */
function doing(word: ContentWord, facts: QuestionFacts): boolean {
  return (
    DOING.test(word.word) &&
    !BEFORE_A_NOUN.has(facts.tokens[word.at - 1] ?? '') &&
    facts.words.some((other) => other.at > word.at && other.at <= word.at + OBJECT_REACH)
  );
}

/** `name` is the first word of the question or the first word read after a sentence break. */
function opensSentence(facts: QuestionFacts, name: string): boolean {
  if (facts.tokens.length > 0 && nameOf(facts.tokens[0]!) === name) return true;
  return facts.carriers.some((stem, k) => stem === name && facts.carriers[k - 1] === CLAUSE_MARK);
}

/** With names on both sides, the same names: a word one question names the other must name too. */
function sameNames(a: QuestionFacts, b: QuestionFacts): boolean {
  if (a.named.size === 0 || b.named.size === 0) return true;
  const covered = (name: string, own: QuestionFacts, other: QuestionFacts) =>
    other.named.has(name) ||
    // The first word's capital says nothing: "Romanesque vs Gothic architecture: how do they differ?".
    opensSentence(other, name) ||
    [...other.named].some((x) => spellingVariant(x, name)) ||
    initialsCover(name, own.tokens, other.tokens, other.named);
  return [...a.named].every((name) => covered(name, a, b)) && [...b.named].every((name) => covered(name, b, a));
}

/** Each relation word both use points at the same first words after it, or one at some of the other's; "from English" is not "from". */
function sameTargets(a: readonly Relation[], b: readonly Relation[]): boolean {
  const first = targets(a);
  const second = targets(b);
  for (const [word, pointed] of first) {
    const other = second.get(word);
    if (other !== undefined && !within(pointed, other) && !within(other, pointed)) return false;
  }
  return true;
}

/**
 * Every word `some` points at is one `all` points at: "order from Shein" / "… from Shein … from them", a
 * word used once against the same word used again. A preposition left at the end points at no word, ""
 * ("borrow words from" / "borrowed words from English").
 */
function within(some: ReadonlySet<string>, all: ReadonlySet<string>): boolean {
  return some.size > 0 && [...some].every((target) => all.has(target));
}

/** What each relation word points at, over all its uses ("from A to B and from B …"). */
function targets(relations: readonly Relation[]): Map<string, Set<string>> {
  const byWord = new Map<string, Set<string>>();
  for (const relation of relations) {
    const pointed = byWord.get(relation.word) ?? new Set<string>();
    // "without using a thermometer" points at the thermometer, as "without a thermometer" does.
    pointed.add(relation.after.find((stem) => !FILLER.has(stem)) ?? '');
    byWord.set(relation.word, pointed);
  }
  return byWord;
}
