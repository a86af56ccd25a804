/**
 * The hit verification: a candidate from the vector store is served only when its question and the
 * new one agree on what carries the answer, the details a lexical or neural similarity glosses over.
 * Each rule compares one kind of fact (see {@link questionFacts}) and fails the pair when the two differ:
 *
 * - `numbers`: the numbers and their units, as a multiset ("2 + 3" / "2 + 4", "in 2023" / "in 2024",
 *   "5 km" / "5 miles"). "3" and "three", "$2K" and "2000 dollars", "1M" and "one million", "3pm" and
 *   "15:00", "2GB" and "two gigabytes", "1 km" and "1,000 metres", "half an hour" and "30 minutes",
 *   "a mile" and "1 mile", "48 hours" and "two days", "at 17" and "a seventeen-year-old" agree (each quantity
 *   counted in the smallest unit of its kind, and also as written). "1st" is no "1" an article may stand for.
 *   In arithmetic the order counts too.
 *   One thing picked against several, the questions otherwise the same, counts too ("the closest star" /
 *   "the closest stars", "the main character" / "… characters", "for a day" / "for days"; small-word-change.ts), and so does a count
 *   moved to another thing ("one disk on multiple servers" / "multiple disks on one server"; quantifier-moves.ts).
 * - `operators`: the arithmetic ("2 + 3" / "2 * 3", "7 times 8" / "7 plus 8"), and "and" for "or", the
 *   questions the same otherwise ("ibuprofen and paracetamol" / "ibuprofen or paracetamol"; small-word-change.ts).
 * - `negation`: how many negation words each has ("can I" / "can't I", "with" / "without", "ordain" /
 *   "refuse to ordain"); idioms that only look negative ("from nothing", "in no time", "without breaking
 *   the bank", "it wouldn't hurt", "can't recommend it enough") do not count (negation-idioms.ts).
 * - `dates`: month and weekday names, today/tomorrow/yesterday, "this/last/next month" ...; and how often,
 *   when both say it ("once in a while" / "every day", "always" / "usually"; frequency.ts).
 * - `question`: the question word, when both ask a specific one: "when does it open?" and "where
 *   does it open?" want different answers. "what" and "which" never fail a pair; "how did X fall" may
 *   ask for the causes "why did X fall" asks for. "How many" of different things fails ("how many people
 *   live in Canada" / "how many provinces does Canada have").
 * - `form`: a yes/no question against a wh-question ("Did Rome fall in 476?" / "Why did Rome fall?").
 * - `modality`: one asks whether one may, the other whether one must or should ("Can I take the SAT
 *   twice?" / "Should I …", "How long can I leave it on?" / "How long do I have to …"); "how can I" and
 *   "what should I" ask for a way and have none; "Do I need a license …?" asks must (modality.ts).
 * - `tense`: two yes/no questions, one opening in the past, the other not ("Is Pluto a planet?" / "Was
 *   Pluto a planet?", "Is cricket still an Olympic sport?" / "Was cricket ever …"); or two questions the
 *   same but for an auxiliary of another tense ("Who is the lead singer of Queen?" / "Who was …"), a
 *   "used to" or an "again", or an "again" against a "still" ("Is it down again?" / "Is it still
 *   down?"; small-word-change.ts).
 * - `prepositions`: two questions the same but for one preposition ("books about Stephen Hawking" /
 *   "books by …", "write in Paris" / "write about Paris"); "in" / "inside", "fill in" / "fill out" and
 *   "on" / "over the weekend" say the same.
 * - `scope`: one question asking more than the other ("What are A and how do I use them?" / "What are A?").
 * - `qualifier`: one question adds a phrase after all the other asks ("fly a drone" / "fly a drone over
 *   an airport", "symptoms of a UTI" / "… in men"), or one word before the noun it ends on ("milk" /
 *   "almond milk"), or each adds its own ("shake at high speed" / "shake when idling"), or the asker
 *   states a condition the other lacks ("I'm vegan, how do I make a cake?" / "How do I make a cake?"),
 *   or says "only" where the other, the same otherwise, does not ("eat only fruit" / "eat fruit").
 * - `people`: who it is about ("my" / "your", "myself" / "someone", "my son" / "my daughter"); "how do
 *   you …" asked in general reads as "how do I …", and so does "you" alone against the asker alone ("the
 *   way to change your name" / "change my name"), unless "you" is the one asked ("What's your name?").
 * - `names`: a named thing (a capital inside a sentence, "iPhone", "N1") that the other question lacks;
 *   "JS" is "JavaScript", "the US" "the United States" and "American".
 * - `words`: one content word swapped for another where it stood, the content words around it the same
 *   ("visa for Japan" / "visa for China"), or up to two for two after the same preposition or number
 *   ("substitute for buttermilk" / "… for baking powder"). Derivations ("differ" / "difference"),
 *   clippings ("crypto"), British and American names ("windscreen") and words that ask for one answer
 *   ("how far" / "the distance") are the same word (word-forms.ts).
 * - `extra` (in force by default with a neural embedder, verify-rules-default.ts): one content word more
 *   on one side only, anywhere ("Can cats drink milk?" / "… safely drink milk?", "insure my car for a
 *   year" / "… my electric car …"); words that narrow nothing anywhere ("own", "account", "at home") do
 *   not count, nor words that frame the ask ("the reason", "the procedure for", "what does X mean") or
 *   name the kind of answer ("which city is", "what type of oil"; ask-frame.ts), nor "-ing" forms that
 *   tell the asker's circumstances ("When travelling with a toddler, …"). It also refuses a word
 *   added in passing ("There's nothing like fresh bread. How do I make a simple loaf?" / "How do I make
 *   a simple loaf of bread?").
 * - `relations`: the same things on opposite sides of a directed word ("from A to B" / "from B to A",
 *   "convert X into Y" / "Y into X", "does A cause B" / "does B cause A", "A and then B" / "B and then
 *   A"), or named things trading places ("Can an LLC own an S corp?" / "Can an S corp own an LLC?"), or
 *   two words trading places
 *   between frames that differ ("high in protein and low in fat" / "high in fat and low in protein";
 *   "a Roth IRA and a traditional IRA" / "a traditional IRA and a Roth IRA" is the same), or another
 *   party acting on the same parties ("Can my landlord charge me …?" / "Can I charge my landlord …?"),
 *   or doing the same thing anywhere in the question ("money my parents gave me" / "money I gave my
 *   parents", "he hurt my feelings" / "I hurt his feelings"), or owning the same thing ("my partner's
 *   parents don't like me" / "my parents don't like my partner"; actors.ts, deeds.ts, owners.ts), or
 *   the asked thing acting in one and undergoing in the other ("which authors did Stephen King influence" /
 *   "which authors influenced Stephen King", "which players follow me" / "which players I follow",
 *   "Whose son was Theseus?" / "Who was Theseus's son?"; wh-roles.ts), or the one a passive is done to
 *   acting in the other ("do comedians get paid" / "do comedians pay"; voice.ts), or two deeds in the
 *   other order around "before" or "after" (time-order.ts).
 * - `antonyms`: opposite ends of a scale (richest/poorest, inside/outside, increase/decrease, before/after),
 *   actions that undo each other (convict/acquit, start/cancel, add/drop), a change against its reverse
 *   said another way ("raise the limit" / "show me fewer"),
 *   or two different extremes ("lasted the longest" / "collapsed the fastest"); "less" or "least" before
 *   one end says the other ("less expensive" / "cheaper"). The two sides of "than" traded with the scale
 *   turned round ask the same ("Is granite harder than marble?" / "Is marble softer than granite?";
 *   extremes.ts), for `relations` and `words` too.
 * - `stems`: words a stemmer or n-grams merge but that mean different things ("flying fish" / "fly
 *   fishing", "creditor" / "credit", "news" / "new").
 * - `script`: the letters of non-Latin scripts, compared as written, so text an embedder cannot read
 *   does not collapse to one vector and hit.
 * - `quoted`: the text in quotes, when both questions quote something ("How do you say 'the book' …" /
 *   "… 'the books' …", "'I miss you'" / "'you miss me'"); its order and case aside (quoted-text.ts).
 *
 * Deterministic, no I/O, a few microseconds per pair. A rule may refuse a true paraphrase: that costs a
 * cache miss, while a wrong hit costs a wrong answer.
 */
import { questionFacts, type QuestionFacts } from './question-facts.js';
import { narrowed } from './qualifier.js';
import { narrows } from './narrowing.js';
import { replacedDoer, tradedRoles } from './actors.js';
import { swappedDeeds } from './deeds.js';
import { swappedOwners } from './owners.js';
import { tradedWhRoles } from './wh-roles.js';
import { orderStem, reversed } from './relations.js';
import { flippedVoice } from './voice.js';
import { swapped } from './carriers.js';
import { flippedComparison, opposite, otherExtreme } from './extremes.js';
import { sameList, sameWord, spellingVariant, wordDifference } from './word-match.js';
import { stemOf } from './stems.js';
import { sameWordForm } from './word-forms.js';
import { swappedInPlace } from './word-swap.js';
import { nameOf } from './question-words.js';
import { smallWordChange, type SmallWordChange } from './small-word-change.js';
import { movedCount, swappedNumbers } from './quantifier-moves.js';
import { tradedCondition } from './conditions.js';
import { strandedTrade } from './stranded.js';
import { tradedAroundTime } from './time-order.js';
import { otherFrequency } from './frequency.js';
import { initialsCover } from './acronyms.js';
import { samePeople } from './people-match.js';
import { CURRENCIES, UNITS } from './word-lists.js';
import type { Measured } from './quantities.js';

/** The rules, in the order they are tried: the most specific first, so a refusal names its cause. */
export const VERIFICATION_RULES = [
  'numbers',
  'operators',
  'negation',
  'dates',
  'script',
  'quoted',
  'antonyms',
  'names',
  'stems',
  'relations',
  'people',
  'form',
  'modality',
  'tense',
  'prepositions',
  'question',
  'scope',
  'qualifier',
  'words',
  'extra',
] as const;

export type VerificationReason = (typeof VERIFICATION_RULES)[number];

export type Verification = { readonly ok: true } | { readonly ok: false; readonly reason: VerificationReason };

type Check = (a: QuestionFacts, b: QuestionFacts) => boolean;

const CHECKS: Readonly<Record<VerificationReason, Check>> = {
  numbers: (a, b) =>
    (sameQuantities(a, b, a.arithmetic || b.arithmetic) ||
      sameQuantities(a.asWritten, b.asWritten, a.arithmetic || b.arithmetic)) &&
    changeOf(a, b) !== 'count' &&
    !movedCount(a, b) &&
    !swappedNumbers(a, b),
  operators: (a, b) => sameList(a.operators, b.operators) && changeOf(a, b) !== 'conjunction',
  negation: (a, b) => a.negations === b.negations,
  dates: (a, b) =>
    (sameList(a.dates, b.dates) || (sameMultiset(a.dates, b.dates) && datesEitherWay(a) && datesEitherWay(b))) &&
    !otherFrequency(a.tokens, b.tokens),
  question: (a, b) =>
    sameCount(a.counted, b.counted) &&
    (a.asks === undefined ||
      b.asks === undefined ||
      a.asks === b.asks ||
      (a.asks === 'why' && b.howCause) ||
      (b.asks === 'why' && a.howCause)),
  form: (a, b) => a.form === undefined || b.form === undefined || a.form === b.form,
  modality: (a, b) => a.modality === undefined || b.modality === undefined || a.modality === b.modality,
  tense: (a, b) =>
    (a.tense === undefined || b.tense === undefined || a.tense === b.tense) &&
    !otherOutlook(a.outlook, b.outlook) &&
    changeOf(a, b) !== 'tense',
  prepositions: (a, b) => changeOf(a, b) !== 'preposition',
  scope: (a, b) => a.asked === b.asked,
  qualifier: (a, b) =>
    !narrowed(differenceOf(a, b), a, b) &&
    !selfCondition(a, b) &&
    !selfCondition(b, a) &&
    changeOf(a, b) !== 'only' &&
    !onlyOneLimits(a.tokens, b.tokens) &&
    !onlyOneLimits(b.tokens, a.tokens),
  people: (a, b) => samePeople(a, b) && changeOf(a, b) !== 'person',
  names: (a, b) => covers(a, b) && covers(b, a),
  words: (a, b) => !swappedInPlace(differenceOf(a, b), a, b) || flippedComparison(a, b),
  extra: (a, b) => {
    const { onlyFirst, onlySecond } = differenceOf(a, b);
    return onlyFirst.filter((w) => narrows(w, a.tokens)).length + onlySecond.filter((w) => narrows(w, b.tokens)).length !== 1;
  },
  relations: (a, b) =>
    flippedComparison(a, b) ||
    (!reversed(a.relations, b.relations) &&
      !swapped(a.carriers, b.carriers, new Set([...a.named, ...b.named])) &&
      !tradedRoles(a, b) &&
      !replacedDoer(a, b) &&
      !swappedDeeds(a, b) &&
      !swappedOwners(a, b) &&
      !tradedWhRoles(a, b) &&
      !tradedCondition(a.condition, b.condition) &&
      !strandedTrade(a.tokens, b.tokens) &&
      !tradedAroundTime(a.carriers, b.carriers) &&
      !flippedVoice(a, b, orderStem)),
  antonyms: (a, b) => (!opposite(a.ends, b.ends) || flippedComparison(a, b)) && !otherExtreme(a.superlatives, b.superlatives),
  stems: (a, b) => !differenceOf(a, b).collision,
  script: (a, b) => a.foreign === b.foreign,
  quoted: (a, b) => a.quoted.length === 0 || b.quoted.length === 0 || sameList(a.quoted, b.quoted),
};

/**
 * "only" in one question and neither "only" nor "just" in the other: "a laptop I use only for work" / "…
 * for both work and personal stuff", "Is English the only official language?" / "… an official language?".
 * Where the rest differs too, so the small-word change ({@link changeOf}) does not see it.
 */
function onlyOneLimits(limited: readonly string[], other: readonly string[]): boolean {
  return limited.includes('only') && !other.includes('only') && !other.includes('just');
}

/**
 * The rules of {@link verifyPair} when none are given, and `semantic_verify_rules`' default with the
 * lexical embedder: all but `extra`, which also refuses a word added in passing. It buys precision where
 * a neural embedder scores such pairs as high as a paraphrase (verify-rules-default.ts).
 */
export const DEFAULT_RULES: readonly VerificationReason[] = VERIFICATION_RULES.filter((rule) => rule !== 'extra');
const IN_FORCE: ReadonlySet<VerificationReason> = new Set(DEFAULT_RULES);

const PASS: Verification = Object.freeze({ ok: true });

/**
 * @example
 * verifyPair('What is 2 + 3?', "What's 2 + 3?");             // { ok: true }
 * verifyPair('What is 2 + 3?', 'What is 2 + 4?');             // { ok: false, reason: 'numbers' }
 * verifyPair('Can I freeze rice?', "Can't I freeze rice?");   // { ok: false, reason: 'negation' }
 */
export function verifyPair(
  cachedQuestion: string,
  newQuestion: string,
  rules: ReadonlySet<VerificationReason> = IN_FORCE,
): Verification {
  return verifyFacts(questionFacts(cachedQuestion), questionFacts(newQuestion), rules);
}

/** {@link verifyPair} on facts already read: a lookup reads its question's facts once for all candidates. */
export function verifyFacts(
  cached: QuestionFacts,
  fresh: QuestionFacts,
  rules: ReadonlySet<VerificationReason> = IN_FORCE,
): Verification {
  if (cached.document || fresh.document) return sameText(cached, fresh, rules);
  for (const reason of VERIFICATION_RULES) if (rules.has(reason) && !CHECKS[reason](cached, fresh)) return { ok: false, reason };
  return PASS;
}

/**
 * A document on either side (question-facts.ts, `document`): a text pasted into the question, where one
 * changed word deep inside is the answer-changing difference the cache must not miss. The candidate passes
 * only as the new text itself (case, punctuation and contractions aside), counted as `words` otherwise.
 */
function sameText(cached: QuestionFacts, fresh: QuestionFacts, rules: ReadonlySet<VerificationReason>): Verification {
  if (rules.size === 0 || sameList(cached.tokens, fresh.tokens)) return PASS;
  return { ok: false, reason: 'words' };
}

/** "How many people live in Canada?" / "How many provinces does Canada have?" count different things. */
function sameCount(a: readonly string[], b: readonly string[]): boolean {
  return a.length === 0 || b.length === 0 || a.some((x) => b.some((y) => sameThing(x, y)));
}

function sameThing(a: string, b: string): boolean {
  const unit = UNITS.get(a);
  return (
    a === b ||
    stemOf(a) === stemOf(b) ||
    sameWordForm(a, b) ||
    spellingVariant(a, b) ||
    (unit !== undefined && unit === UNITS.get(b))
  );
}

/** "I'm vegan, how do I make a birthday cake?" / "How do I make a birthday cake?": a condition the other lacks. */
function selfCondition(a: QuestionFacts, b: QuestionFacts): boolean {
  // A person ("I'm a parent") is no content word: it may stand among the other's tokens only.
  return a.selfStated.some(
    (word) => !b.tokens.includes(word) && !b.words.some((other) => sameWord(other, { word, stem: stemOf(word), at: -1 })),
  );
}

/** The word difference of the pair being judged, read once for the rules that need it. */
let lastPair: readonly [QuestionFacts, QuestionFacts, ReturnType<typeof wordDifference>] | undefined;
function differenceOf(a: QuestionFacts, b: QuestionFacts): ReturnType<typeof wordDifference> {
  if (lastPair?.[0] !== a || lastPair[1] !== b) lastPair = [a, b, wordDifference(a.words, b.words)];
  return lastPair[2];
}

/** The small word changed between the pair being judged, read once for the rules that need it. */
let lastChange: readonly [QuestionFacts, QuestionFacts, SmallWordChange | undefined] | undefined;
function changeOf(a: QuestionFacts, b: QuestionFacts): SmallWordChange | undefined {
  if (lastChange?.[0] !== a || lastChange[1] !== b) lastChange = [a, b, smallWordChange(a, b)];
  return lastChange[2];
}

/**
 * Done by now against to come or under way: "Has the fire ban been lifted?" / "Will it be lifted?", "Has
 * the ocean become acidic?" / "Is the ocean becoming acidic?". To come and under way may say the same
 * ("Will prices go up?" / "Are prices going up?").
 */
function otherOutlook(a: QuestionFacts['outlook'], b: QuestionFacts['outlook']): boolean {
  return a !== undefined && b !== undefined && a !== b && (a === 'done' || b === 'done');
}

/** The same numbers with the same units; in arithmetic in the same order. */
function sameQuantities(a: Measured, b: Measured, arithmetic: boolean): boolean {
  return (
    (arithmetic ? sameList(a.numbers, b.numbers) : sameMultiset(withoutOne(a.numbers), withoutOne(b.numbers))) &&
    sameSet(measures(a.units), measures(b.units)) &&
    (!a.units.some(isCurrency) || !b.units.some(isCurrency) || sameSet(a.units.filter(isCurrency), b.units.filter(isCurrency)))
  );
}

/**
 * Dates named as a choice or a set read either way round: "January or February" / "February or January".
 * Not where one leads to another: "from January to March".
 */
function datesEitherWay(facts: QuestionFacts): boolean {
  return facts.tokens.some((token) => DATES_JOINED.has(token)) && !facts.tokens.some((token) => DATES_ORDERED.has(token));
}

const DATES_JOINED: ReadonlySet<string> = new Set(['or', 'and', 'vs', 'versus']);
const DATES_ORDERED: ReadonlySet<string> = new Set([
  'from',
  'to',
  'until',
  'till',
  'through',
  'before',
  'after',
  'then',
  'since',
]);

/** "one" is as often a pronoun ("how do I make one?") or an article ("1 banana" / "a banana") as a count. */
function withoutOne(numbers: readonly string[]): readonly string[] {
  return numbers.includes('1') ? numbers.filter((n) => n !== '1') : numbers;
}

/** A currency may be left unsaid ("under 2000" / "under $2K"); a measure may not ("1 banana" / "1 kilo"). */
const isCurrency = (unit: string) => CURRENCIES.has(unit);
const measures = (units: readonly string[]) => units.filter((unit) => !CURRENCIES.has(unit));

function sameMultiset(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  if (a.length < 2) return a[0] === b[0];
  return sameList([...a].sort(), [...b].sort());
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.every((x) => b.includes(x)) && b.every((x) => a.includes(x));
}

/** Two or three tokens in a row spell `name` run together: "f", "1" for "f1". */
function joinedAcross(name: string, tokens: readonly string[]): boolean {
  for (let i = 0; i + 1 < tokens.length; i += 1) {
    if (!name.startsWith(tokens[i]!)) continue;
    const two = tokens[i]! + tokens[i + 1]!;
    if (two === name || (i + 2 < tokens.length && two + tokens[i + 2]! === name)) return true;
  }
  return false;
}

/** Every named thing of `a` is a word of `b`, or a spelling of one ("Napoleon" / "napolean"). */
function covers(a: QuestionFacts, b: QuestionFacts): boolean {
  for (const name of a.named)
    if (
      !b.named.has(name) &&
      // Typed in lower case on the other side, an alias too: "the UK" / "the uk".
      !b.tokens.some((token) => token === name || nameOf(token) === name) &&
      !b.words.some((w) => w.stem === name || spellingVariant(w.word, name) || sameWordForm(w.word, name)) &&
      // Initials on one side, spelled out on the other: "NYC" / "New York City".
      !initialsCover(name, a.tokens, b.tokens, b.named) &&
      // Written with a hyphen or space on the other side: "an F1 visa" / "an F-1 visa".
      !joinedAcross(name, b.tokens)
    )
      return false;
  return true;
}
