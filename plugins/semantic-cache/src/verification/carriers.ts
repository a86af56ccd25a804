/**
 * The stems that carry a question, in reading order, with marks for the small words that hold them
 * apart, and two things or runs of words trading places among them: "can a state law override federal
 * law?" / "can federal law override state law?", "high in protein and low in fat" / the reverse.
 */
import { calendarWord } from './calendar-words.js';
import { isCarrier } from './question-words.js';
import { NO_NAMES, orderStem, relationWord } from './relations.js';
import { inActiveOrder, passivesOf } from './voice.js';

/**
 * The stems that carry a question, in reading order (a passive in the active order, voice.ts), numbers
 * included: what {@link swapped} compares.
 */
export function carriers(tokens: readonly string[], named: ReadonlySet<string> = NO_NAMES): string[] {
  const stems: string[] = [];
  const at: number[] = [];
  const push = (stem: string, i: number) => {
    stems.push(stem);
    at.push(i);
  };
  tokens.forEach((token, i) => {
    // A preposition stays as a mark between the things it links: "butter for oil" / "oil for butter".
    if (LINKS.has(token)) push(`~${relationWord(token)}`, i);
    else if (EITHER_WAY.has(token)) push(EITHER_WAY_MARK, i);
    // A negation stays as a mark on what it negates: "an employee and not self-employed" / "self-employed and not an employee".
    else if (NOT_MARKED.has(token)) push(NOT_MARK, i);
    // Who a pronoun stands for stays as a mark where it stands: "he's been bullying a classmate" / "a classmate
    // has been bullying him", "live with me instead of her mom" / "live with her mom instead of me".
    else if (PRONOUN_MARKS.has(token)) push(PRONOUN_MARKS.get(token)!, i);
    // "with" against "without": "swim with goggles but not without them" / the reverse.
    else if (token === 'without') push(WITHOUT_MARK, i);
    // A verb the embedder weighs down still holds apart who does it and to whom: "does the malaria parasite
    // need the mosquito" / "does the mosquito need the malaria parasite". Only after a thing, and not as a
    // modal ("need to", "want to").
    else if (
      LIGHT_VERBS.has(token) &&
      tokens[i + 1] !== 'to' &&
      stems.length > 0 &&
      at[at.length - 1] === i - 1 &&
      !stems[stems.length - 1]!.startsWith('~')
    )
      push(LIGHT_VERB_MARK, i);
    // A date reads either way round: "July 4th" / "the fourth of July". A hedge says how sure the asker is,
    // not who does what: it stands where the verb does ("Was my rash most likely caused by the sun?" / "Did
    // the sun most likely cause my rash?").
    else if (
      (isCarrier(token) || named.has(token)) &&
      calendarWord(token, tokens[i - 1]) === undefined &&
      !HEDGES.has(token) &&
      !(token === 'most' && HEDGES.has(tokens[i + 1] ?? ''))
    )
      push(orderStem(token), i);
  });
  const passives = passivesOf(tokens);
  return passives.length === 0 ? stems : inActiveOrder(stems, at, passives, tokens);
}

/**
 * Words that join two things either way round: "stocks vs bonds" / "bonds or stocks", "the difference
 * between A and B" / "how does B differ from A".
 */
// prettier-ignore
const EITHER_WAY: ReadonlySet<string> = new Set([
  'or', 'and', 'vs', 'versus', 'between', 'difference', 'differences', 'different', 'differ', 'differs',
  'compare', 'compared', 'comparison',
]);
const EITHER_WAY_MARK = '~or';
const HEDGES: ReadonlySet<string> = new Set(['likely', 'probably', 'possibly', 'perhaps', 'maybe', 'definitely', 'certainly']);
const NOT_MARKED: ReadonlySet<string> = new Set(['not', 'never']);
const NOT_MARK = '~not';
const LIGHT_VERB_MARK = '~verb';
const WITHOUT_MARK = '~without';
/**
 * The asker as the one acted on or for, and a third party named by a pronoun. Not "I": the asker as the
 * subject stands wherever a question is framed ("How do I find a stud …" / "… when I don't have a stud finder").
 */
const ME_MARK = '~me';
const THEY_MARK = '~they';
// prettier-ignore
const PRONOUN_MARKS: ReadonlyMap<string, string> = new Map([
  ['me', ME_MARK], ['myself', ME_MARK],
  ['he', THEY_MARK], ['him', THEY_MARK], ['she', THEY_MARK], ['her', THEY_MARK], ['they', THEY_MARK],
  ['them', THEY_MARK],
]);
/** Function words (embeddings/function-words.ts) that are verbs of their own between two things. */
// prettier-ignore
const LIGHT_VERBS: ReadonlySet<string> = new Set([
  'need', 'needs', 'needed', 'tell', 'tells', 'told', 'help', 'helps', 'helped', 'want', 'wants', 'wanted',
  'like', 'likes', 'liked', 'show', 'shows', 'showed', 'know', 'knows', 'knew',
]);
/** Between clauses: a sentence moved ("Slovenia. What are the highlights?" / "… of Slovenia? …") is no swap. */
export const CLAUSE_MARK = '~|';

// prettier-ignore
const LINKS: ReadonlySet<string> = new Set([
  'for', 'in', 'into', 'onto', 'toward', 'towards', 'to', 'from', 'of', 'on', 'with', 'by', 'than', 'over', 'at', 'through',
]);

/**
 * Two things trade places, the words between them unchanged: "can a state law override federal law?" /
 * "can federal law override state law?", "substitute butter for oil" / "oil for butter". Only the
 * words both questions have are compared, so an extra word does not hide a swap. A swap of neighbours
 * counts only between named things or numbers ("from Canada through the US" / "from the US through
 * Canada"): elsewhere it is a reordering ("budget smartphone" / "smartphone on a budget").
 * @example
 * swapped(['dog', 'give', 'human', 'flu'], ['human', 'give', 'dog', 'flu'], new Set()); // true
 */
export function swapped(first: readonly string[], second: readonly string[], named: ReadonlySet<string>): boolean {
  const keptA = kept(first, second);
  const keptB = kept(second, first);
  const a = keptA.map((k) => first[k]!);
  const b = keptB.map((k) => second[k]!);
  if (a.length !== b.length || a.length < 2) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i += 1;
  if (i === a.length) return false;
  let j = a.length - 1;
  while (a[j] === b[j]) j -= 1;
  let eitherWay = -1;
  // A clause moved across a sentence break on one side only ("wedge reclaimed clay before throwing it" /
  // "Before throwing reclaimed clay, do I need to wedge it?") is no swap.
  if (breaks(first, keptA[i]!, keptA[j]!) || breaks(second, keptB[i]!, keptB[j]!)) return false;
  // Two things joined by "and", "or" or "between" on one side hold no order there, whatever the other says
  // ("how far is it from Amsterdam to Utrecht" / "distance between Utrecht and Amsterdam").
  if (j === i + 1 && (joinedEitherWay(first, keptA[i]!, keptA[j]!) || joinedEitherWay(second, keptB[i]!, keptB[j]!)))
    return false;
  // An "and" or "or" moved to either end is no swap of things ("or or 2K" / "2K or or").
  if (a[i] === EITHER_WAY_MARK || a[j] === EITHER_WAY_MARK) return false;
  for (let k = i + 1; k < j; k += 1) if (eitherWay === -1 && a[k] === EITHER_WAY_MARK) eitherWay = k;
  if (symmetricWith(a, i, j)) return false;
  const wordsSwapped = a[i] === b[j] && a[j] === b[i] && sameRun(a, b, i + 1, i + 1, j - i - 1);
  // "Iceland green and Greenland icy" / "Greenland icy and Iceland green": the same either way round;
  // "high in protein and low in fat" / "high in fat and low in protein" is not.
  if (eitherWay !== -1) return wordsSwapped ? !parallel(a, i, j, eitherWay, 1, 1) : runsTradedAcross(a, b, i, j, eitherWay);
  if (wordsSwapped) return j - i >= 2 || (isNameOrNumber(a[i]!, named) && isNameOrNumber(a[j]!, named));
  const inPlace = keptA[j]! - keptA[i]! === j - i && keptB[j]! - keptB[i]! === j - i;
  return blocksSwapped(a, b, i, j, named, inPlace);
}

/**
 * Two things on either side of "with" after a relation that holds both ways: "pair my Apple Watch with my
 * iPhone" / "pair my iPhone with my Apple Watch", "is ethanol miscible with water" / "is water miscible with
 * ethanol". "replace butter with oil" holds one way only, and its verb is no such relation.
 */
function symmetricWith(a: readonly string[], i: number, j: number): boolean {
  const span = a.slice(i, j + 1);
  if (!span.includes('~with') || span.some((stem) => stem.startsWith('~') && stem !== '~with')) return false;
  return [a[i - 1] ?? '', ...span].some((stem) => BOTH_WAYS_WITH.has(stem));
}

/** Relations with "with" that hold both ways, as stems. */
// prettier-ignore
const BOTH_WAYS_WITH: ReadonlySet<string> = new Set([
  'pair', 'compatible', 'compatibility', 'miscible', 'mix', 'combine', 'sync', 'connect', 'interact', 'friends',
  'merge', 'overlap', 'collide', 'correlate', 'collaborate', 'partner', 'compete', 'marry', 'agree',
].map(orderStem));

/** Only "and", "or", "between" and their like stand between `stems[from]` and `stems[to]`, at least one. */
function joinedEitherWay(stems: readonly string[], from: number, to: number): boolean {
  if (to - from < 2) return false;
  for (let k = from + 1; k < to; k += 1) if (stems[k] !== EITHER_WAY_MARK) return false;
  return true;
}

/** A sentence break stands among `stems[from..to]`. */
function breaks(stems: readonly string[], from: number, to: number): boolean {
  for (let k = from; k <= to; k += 1) if (stems[k] === CLAUSE_MARK) return true;
  return false;
}

/** Where in `stems` the stems `other` has too stand. */
function kept(stems: readonly string[], other: readonly string[]): number[] {
  const at: number[] = [];
  stems.forEach((stem, k) => {
    if (other.includes(stem)) at.push(k);
  });
  return at;
}

/**
 * The runs at `a[i..]` and `..a[j]` (`x` and `y` words), an "and" or "or" between them at `mark`, stand
 * in the same frame, so trading them trades the whole of each side: "between a Roth IRA and a traditional
 * IRA", "baking soda or baking powder", "cats and dogs". Frames that differ ("high in X and low in Y", "the
 * background X and the subject Y") make a swap of the two a different question.
 */
function parallel(a: readonly string[], i: number, j: number, mark: number, x: number, y: number): boolean {
  // a = … P X L ~or R Y S …: parallel when R is the P before X and L the S after Y.
  const left = mark - i - x;
  const right = j - y + 1 - mark - 1;
  return i - right >= 0 && sameRun(a, a, mark + 1, i - right, right) && sameRun(a, a, i + x, j + 1, left);
}

/**
 * Runs of words, one of them longer than a word, trade places across an "and" or "or" in frames that
 * differ: "Why are chanterelles edible and jack-o'-lanterns poisonous?" / "Why are jack-o'-lanterns edible
 * and chanterelles poisonous?". Across a bare "and" ("a cheap laptop and a good monitor" / "a good monitor
 * and a cheap laptop") they are the same question.
 */
function runsTradedAcross(a: readonly string[], b: readonly string[], i: number, j: number, mark: number): boolean {
  const span = j - i + 1;
  for (let x = 1; x <= MAX_RUN; x += 1)
    for (let y = 1; y <= MAX_RUN; y += 1) {
      if ((x === 1 && y === 1) || i + x > mark || j - y < mark) continue;
      const between = span - x - y;
      if (marked(a, i, x) || marked(a, j - y + 1, y)) continue;
      if (!sameRun(a, b, i, j - x + 1, x) || !sameRun(a, b, j - y + 1, i, y) || !sameRun(a, b, i + x, i + y, between)) continue;
      // The "or" joins the words between, not the runs: "cardio before or after lifting weights" / "lifting
      // weights before or after cardio" asks the same order.
      if (mark - (i + x) === j - y - mark) return false;
      return !parallel(a, i, j, mark, x, y);
    }
  return false;
}

/** Every stem of `a[from..from+length)` is a pronoun's mark. */
function onlyPronouns(a: readonly string[], from: number, length: number): boolean {
  for (let k = from; k < from + length; k += 1) if (a[k] !== ME_MARK && a[k] !== THEY_MARK) return false;
  return true;
}

/** Some stem of `a[from..from+length)` is a mark ("~or", "~to"): the run spans more than a thing. */
function marked(a: readonly string[], from: number, length: number): boolean {
  for (let k = from; k < from + length; k += 1) if (a[k]!.startsWith('~')) return true;
  return false;
}

/**
 * Two runs of words trade places around words that stay between them: "my left arm hurts when I move
 * my neck" / "my neck hurts when I move my left arm", "a slow cooker recipe in an Instant Pot" / "an
 * Instant Pot recipe in a slow cooker". Runs of up to four words ("the zone valve's end switch"), with a
 * preposition or two words between them, or one word where the three stand together in both ("Do orcas
 * hunt great white sharks?" / "Do great white sharks hunt orcas?"), so moving a phrase ("a 12 week old
 * puppy" / "a puppy at twelve weeks old") is no swap.
 */
function blocksSwapped(
  a: readonly string[],
  b: readonly string[],
  i: number,
  j: number,
  named: ReadonlySet<string>,
  /** The span `i..j` stood together, in this order of words or another, in both questions as written. */
  inPlace: boolean,
): boolean {
  const span = j - i + 1;
  for (let x = 1; x <= MAX_RUN; x += 1)
    for (let y = 1; y <= MAX_RUN; y += 1) {
      const between = span - x - y;
      // Something must hold the two runs apart: a preposition, or two words ("hurts when I move").
      // Runs opening with named things trade places with anything or nothing between ("Can an LLC own an S corp" /
      // "Can an S corp own an LLC", "the Supreme Court … Congress" / "Congress … the Supreme Court").
      const names = named.has(a[i]!) && named.has(a[j - y + 1]!);
      // One word between holds them apart only where nothing else stood among the three in either
      // question: "Do bass eat bluegill?" / "Do bluegill eat bass?", not a clause moved ("If I deactivate my
      // Facebook, can people message me?" / "Can people message me on Facebook if I deactivate it?").
      if (!names && (between < 1 || (between < 2 && !a[i + x]!.startsWith('~') && !inPlace))) continue;
      // Pronouns alone between the runs hold nothing apart: a condition moved without a comma ("How should I
      // study for the SAT if I only have a month?" / "if I only have a month how should I study for the SAT").
      if (between > 0 && onlyPronouns(a, i + x, between)) continue;
      // a = X M Y and b = Y M X over the span.
      if (sameRun(a, b, i, j - x + 1, x) && sameRun(a, b, j - y + 1, i, y) && sameRun(a, b, i + x, i + y, between)) return true;
    }
  return false;
}

const MAX_RUN = 4;

/** `a[from..from+length)` equals `b[to..to+length)`. */
function sameRun(a: readonly string[], b: readonly string[], from: number, to: number, length: number): boolean {
  for (let k = 0; k < length; k += 1) if (a[from + k] !== b[to + k]) return false;
  return true;
}

function isNameOrNumber(stem: string, named: ReadonlySet<string>): boolean {
  return named.has(stem) || /\d/.test(stem);
}
