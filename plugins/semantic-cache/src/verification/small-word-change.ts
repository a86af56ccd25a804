/**
 * One small word changed where it stood, every other word the same: "books about Stephen Hawking" /
 * "books by Stephen Hawking", "Who is the lead singer of Queen?" / "Who was …", "a manager I used to
 * work for" / "a manager I work for", "Is it healthy to eat only fruit?" / "… to eat fruit?". Lexical and
 * neural embedders alike score such pairs as the same question, since every word that carries the
 * subject is shared; the small word decides what the answer is about.
 *
 * Read only from two questions written the same way apart from that word (same-wording.ts: case,
 * punctuation, contractions, articles and spellings aside), so the change is the whole difference.
 */
import type { QuestionFacts } from './question-facts.js';
import { AUXILIARIES } from './word-lists.js';
import { everSince } from './question-form.js';
import { alignedWording, type Worded } from './same-wording.js';
import { sameWord } from './word-match.js';

/**
 * - `preposition`: one preposition for another ("write in Paris" / "write about Paris", "book flights on
 *   a Tuesday" / "for a Tuesday"); "in" and "inside", "on" and "during", "into" and "to", "fill in"
 *   and "fill out", "wear to" and "wear for", "at home" and "from home", "on" and "over the weekend" say
 *   the same.
 * - `tense`: an auxiliary of another tense ("what currency did Germany use" / "does"), "used to" said
 *   on one side only, "will … be" for "is" ("how many bitcoins are there" / "will there be"), or "again"
 *   said on one side only ("Can I repot my bonsai again this year?").
 * - `only`: "only" on one side only ("feed my cat only dry food" / "feed my cat dry food"), or moved past
 *   the word next to it ("Do only cats purr?" / "Do cats only purr?"). Moved further, it stays with its
 *   phrase ("with only flour and water" / "with flour and water only").
 * - `count`: one thing picked against several, after a superlative or "main" ("the closest star" / "the
 *   closest stars", "the main character" / "the main characters"); the verb agreeing with it aside.
 * - `person`: a subject pronoun of the asker for one of another party ("refund me if I cancel my flight" /
 *   "… if they cancel my flight").
 * - `conjunction`: "and" for "or" ("the chance it's a king and a heart" / "… a king or a heart", "give
 *   ibuprofen and paracetamol" / "… or paracetamol"): both at once against either one.
 */
export type SmallWordChange = 'preposition' | 'tense' | 'only' | 'count' | 'person' | 'conjunction';

/** "and" against "or" where the two stood. */
const CONJUNCTIONS: ReadonlySet<string> = new Set(['and', 'or']);

// prettier-ignore
const PREPOSITIONS: ReadonlySet<string> = new Set([
  'about', 'above', 'across', 'after', 'against', 'along', 'among', 'amongst', 'around', 'at', 'before',
  'behind', 'below', 'beneath', 'beside', 'between', 'beyond', 'by', 'down', 'during', 'for', 'from', 'in',
  'inside', 'into', 'like', 'near', 'of', 'off', 'on', 'onto', 'out', 'outside', 'over', 'past', 'since', 'through',
  'throughout', 'to', 'toward', 'towards', 'under', 'underneath', 'until', 'up', 'upon', 'with', 'within',
]);

/** Prepositions that say the same wherever they stand. */
const SAME_PREPOSITIONS: readonly ReadonlySet<string>[] = [
  new Set(['in', 'inside', 'within']),
  new Set(['on', 'upon']),
  new Set(['among', 'amongst', 'between']),
  new Set(['toward', 'towards']),
  // "equalize on the descent" / "during the descent"; "bring into the US" / "to the US".
  new Set(['on', 'during']),
  new Set(['into', 'to']),
];

/**
 * "on the weekend" / "over the weekend" / "at weekends", "in winter" / "during the winter": before a time
 * of the week, the day or the year, one time.
 */
// prettier-ignore
const TIMES: ReadonlySet<string> = new Set([
  'weekend', 'weekends', 'weekday', 'weekdays', 'morning', 'mornings', 'afternoon', 'afternoons', 'evening',
  'evenings', 'night', 'nights', 'holiday', 'holidays', 'winter', 'winters', 'summer', 'summers', 'spring',
  'autumn', 'fall',
]);

/** Subject pronouns by whom they name: the asker ("I", "we") or another party ("he", "she", "they"). */
const SUBJECTS: ReadonlyMap<string, 'asker' | 'other'> = new Map([
  ['i', 'asker'],
  ['we', 'asker'],
  ['he', 'other'],
  ['she', 'other'],
  ['they', 'other'],
]);

/** "fill in a form" / "fill out a form", "what to wear to a wedding" / "for a wedding". */
const SAME_AFTER: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['fill', new Set(['in', 'out'])],
  ['wear', new Set(['to', 'for'])],
]);
/** "work at home" / "from home"; "kayak on the ocean" / "in the ocean". */
const SAME_BEFORE: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['home', new Set(['at', 'from'])],
  ...['ocean', 'sea', 'lake', 'river', 'bay', 'water'].map((water) => [water, new Set(['on', 'in'])] as const),
]);

const TENSES: ReadonlyMap<string, 'present' | 'past'> = new Map([
  ['is', 'present'],
  ['are', 'present'],
  ['am', 'present'],
  ['do', 'present'],
  ['does', 'present'],
  ['has', 'present'],
  ['have', 'present'],
  ['was', 'past'],
  ['were', 'past'],
  ['did', 'past'],
  ['had', 'past'],
  // "Why won't my car start?" asks of now, as "Why doesn't my car start?" does: only the past is apart,
  // and "will … be" said for "is" (willBe below).
  ['will', 'present'],
]);

/**
 * @example
 * smallWordChange(questionFacts('good books about Stephen Hawking'), questionFacts('good books by Stephen Hawking')); // 'preposition'
 * smallWordChange(questionFacts('Who is the lead singer of Queen?'), questionFacts('Who was the lead singer of Queen?')); // 'tense'
 * smallWordChange(questionFacts('How do I center a div?'), questionFacts('how do i centre a div'));                  // undefined
 */
export function smallWordChange(a: QuestionFacts, b: QuestionFacts): SmallWordChange | undefined {
  // Two questions a word or two apart in length, or none of this applies: checked before aligning.
  if (Math.abs(a.tokens.length - b.tokens.length) > 2) return undefined;
  const first = alignedWording(a);
  const second = alignedWording(b);
  if (againForStill(first, second) || againForStill(second, first)) return 'tense';
  if (first.length === second.length)
    return onlyMoved(first, second)
      ? 'only'
      : (replaced(first, second) ?? (pickedCount(first, second, a, b) ? 'count' : undefined));
  return first.length > second.length ? inserted(first, second) : inserted(second, first);
}

/**
 * "Could she have them again?" / "Could she still have them?": the same words but for "again" in one and
 * "still" in the other, wherever each stands. One asks whether a thing came back, the other whether it
 * never left.
 */
function againForStill(again: readonly Worded[], still: readonly Worded[]): boolean {
  if (!again.some((w) => w.token === 'again') || !still.some((w) => w.token === 'still')) return false;
  const without = (wording: readonly Worded[], word: string) => wording.filter((w) => w.token !== word);
  const rest = without(again, 'again');
  const other = without(still, 'still');
  return (
    rest.length === again.length - 1 &&
    other.length === still.length - 1 &&
    !still.some((w) => w.token === 'again') &&
    !again.some((w) => w.token === 'still') &&
    rest.length === other.length &&
    rest.every((w, i) => same(w, other[i]!))
  );
}

/** Who does a thing, before "only" and the verb it moves past: "Do I only need …" is "Do I need only …". */
const DOERS: ReadonlySet<string> = new Set(['i', 'you', 'we', 'they', 'he', 'she', 'it', 'one']);

/**
 * "only" and the content word next to it trade places, every other word the same: it moves from one
 * thing to another. Not past a verb right after its doer ("I only need a passport" / "I need only a
 * passport"), where it still limits what follows.
 */
function onlyMoved(first: readonly Worded[], second: readonly Worded[]): boolean {
  const at = first.findIndex((w, i) => !same(w, second[i]!));
  if (at === -1 || at + 1 >= first.length || DOERS.has(first[at - 1]?.token ?? '')) return false;
  if ((first[at]!.word ?? first[at + 1]!.word) === undefined) return false;
  const [x, y] = [first[at]!, first[at + 1]!];
  if ((x.token === 'only') === (y.token === 'only') || !same(x, second[at + 1]!) || !same(y, second[at]!)) return false;
  for (let i = at + 2; i < first.length; i += 1) if (!same(first[i]!, second[i]!)) return false;
  return true;
}

/** One word for another at one place, every other word the same or written another way. */
function replaced(first: readonly Worded[], second: readonly Worded[]): SmallWordChange | undefined {
  let at = -1;
  for (let i = 0; i < first.length; i += 1) {
    if (same(first[i]!, second[i]!)) continue;
    if (at !== -1) return undefined;
    at = i;
  }
  if (at === -1) return undefined;
  const x = first[at]!.token;
  const y = second[at]!.token;
  if (PREPOSITIONS.has(x) && PREPOSITIONS.has(y)) return samePreposition(x, y, first, second, at) ? undefined : 'preposition';
  if (SUBJECTS.has(x) && SUBJECTS.has(y) && SUBJECTS.get(x) !== SUBJECTS.get(y)) return 'person';
  if (CONJUNCTIONS.has(x) && CONJUNCTIONS.has(y)) return 'conjunction';
  const tenseX = tenseAt(first, at);
  const tenseY = tenseAt(second, at);
  return tenseX !== undefined && tenseY !== undefined && tenseX !== tenseY ? 'tense' : undefined;
}

/**
 * Words that pick out of several, besides superlatives ("the closest"): "the main character" is one,
 * "the main characters" several. "best" and "top" are left out: "the best laptop for students" is as
 * often answered with a list as "the best laptops".
 */
const PICKING: ReadonlySet<string> = new Set(['main']);

/**
 * Every word the same or written another way, one of them singular on one side and plural on the other
 * right after a word that picks, and any other difference a verb agreeing with it ("is" / "are").
 */
function pickedCount(first: readonly Worded[], second: readonly Worded[], a: QuestionFacts, b: QuestionFacts): boolean {
  let picked = false;
  for (let i = 0; i < first.length; i += 1) {
    const x = first[i]!;
    const y = second[i]!;
    if (x.token === y.token) continue;
    if (TENSES.has(x.token) && TENSES.get(x.token) === TENSES.get(y.token)) continue;
    if (!same(x, y)) return false;
    const before = [first[i - 1]?.token ?? '', second[i - 1]?.token ?? ''];
    const picks = (word: string) => PICKING.has(word) || a.superlatives.includes(word) || b.superlatives.includes(word);
    if (plural(x.token, y.token) && (before.some(picks) || oneSpanAgainstSeveral(x, y, a, b))) picked = true;
  }
  return picked;
}

/** Spans of time: "for a day" is one, "for days" several. */
// prettier-ignore
const SPANS: ReadonlySet<string> = new Set([
  'second', 'minute', 'hour', 'day', 'night', 'week', 'weekend', 'month', 'season', 'year', 'decade',
]);

/** "sea kayaking for a day" / "for days": a span of time after "a" or "one" on one side, in the plural on the other. */
function oneSpanAgainstSeveral(x: Worded, y: Worded, a: QuestionFacts, b: QuestionFacts): boolean {
  const [one, several, oneFacts] = x.token.length < y.token.length ? [x, y, a] : [y, x, b];
  if (!SPANS.has(one.token) || several.token !== `${one.token}s` || one.word === undefined) return false;
  const article = oneFacts.tokens[one.word.at - 1];
  return article === 'a' || article === 'an' || article === 'one';
}

/** One word the plural of the other: "star" / "stars", "box" / "boxes", "city" / "cities". */
function plural(x: string, y: string): boolean {
  const [one, many] = x.length < y.length ? [x, y] : [y, x];
  return many === `${one}s` || many === `${one}es` || (one.endsWith('y') && many === `${one.slice(0, -1)}ies`);
}

/** The tense of the auxiliary at `at`; "has … ever" asks of the past, as "did … ever" does (question-form.ts). */
function tenseAt(wording: readonly Worded[], at: number): 'present' | 'past' | undefined {
  const token = wording[at]!.token;
  if (
    TENSES.get(token) === 'present' &&
    everSince(
      wording.slice(at, at + 5).map((w) => w.token),
      0,
    )
  )
    return 'past';
  return TENSES.get(token);
}

/** Read from both wordings, so a spelling of the word around it ("wekend") judges the pair the same either way round. */
function samePreposition(x: string, y: string, first: readonly Worded[], second: readonly Worded[], at: number): boolean {
  if (SAME_PREPOSITIONS.some((group) => group.has(x) && group.has(y))) return true;
  const sameAround = (wording: readonly Worded[]) =>
    [SAME_AFTER.get(wording[at - 1]?.token ?? ''), SAME_BEFORE.get(wording[at + 1]?.token ?? '')].some(
      (same) => same?.has(x) === true && same.has(y),
    );
  if (sameAround(first) || sameAround(second)) return true;
  // A purpose either way: "the deadline to file taxes" / "the deadline for filing taxes".
  if (x === 'to' && y === 'for') return purpose(second, at);
  if (x === 'for' && y === 'to') return purpose(first, at);
  return [first, second].some((wording) => TIMES.has(wording[at + 1]?.token ?? '') || TIMES.has(wording[at + 2]?.token ?? ''));
}

/** "for" before an "-ing" form, which "to" and the verb say as well. */
function purpose(wording: readonly Worded[], at: number): boolean {
  const next = wording[at + 1]?.token ?? '';
  return next.length > 5 && next.endsWith('ing');
}

/** `longer` is `shorter` with "only" or "used to" said at one place, or with "will … be" for "is". */
function inserted(longer: readonly Worded[], shorter: readonly Worded[]): SmallWordChange | undefined {
  if (longer.length - shorter.length === 1 && willBe(longer, shorter)) return 'tense';
  let at = 0;
  while (at < shorter.length && same(longer[at]!, shorter[at]!)) at += 1;
  const extra = longer.length - shorter.length;
  for (let i = at; i < shorter.length; i += 1) if (!same(longer[i + extra]!, shorter[i]!)) return undefined;
  const said = longer.slice(at, at + extra).map((w) => w.token);
  if (extra === 1 && said[0] === 'only') return 'only';
  // "feed my dragon just crickets": "just" before what is fed limits it as "only" does; after its doer or
  // an auxiliary ("can I just use …") it is said in passing.
  if (extra === 1 && said[0] === 'just' && at > 0 && !DOERS.has(longer[at - 1]!.token) && !AUXILIARIES.has(longer[at - 1]!.token))
    return 'only';
  // "Can I repot my bonsai again this year?" asks after it was done once.
  if (extra === 1 && said[0] === 'again') return 'tense';
  return extra === 2 && said[0] === 'used' && said[1] === 'to' ? 'tense' : undefined;
}

/** "is" and its forms, which "will … be" says of the future: "how many bitcoins are there" / "will there be". */
const PRESENT_BE: ReadonlySet<string> = new Set(['is', 'are', 'am']);

/**
 * `longer` is `shorter` with "will" for "is" and a "be" a word or two after it. A negated "will" ("Why
 * won't the page load?") refuses now, as "doesn't" does, so a question with "not" is left alone.
 */
function willBe(longer: readonly Worded[], shorter: readonly Worded[]): boolean {
  const will = longer.findIndex((w) => w.token === 'will');
  if (will === -1 || !PRESENT_BE.has(shorter[will]?.token ?? '')) return false;
  const be = longer.findIndex((w, i) => i > will && i <= will + 3 && w.token === 'be');
  if (be === -1 || longer.some((w) => w.token === 'not')) return false;
  for (let i = 0, j = 0; i < longer.length; i += 1) {
    if (i === be) continue;
    if (i !== will && !same(longer[i]!, shorter[j]!)) return false;
    j += 1;
  }
  return true;
}

function same(x: Worded, y: Worded): boolean {
  return x.token === y.token || (x.word !== undefined && y.word !== undefined && sameWord(x.word, y.word));
}
