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
import { alignedWording, type Worded } from './same-wording.js';
import { sameWord } from './word-match.js';

/**
 * - `preposition`: one preposition for another ("write in Paris" / "write about Paris", "book flights on
 *   a Tuesday" / "for a Tuesday"); "in" and "inside", "fill in" and "fill out", "on" and "over the
 *   weekend" say the same.
 * - `tense`: an auxiliary of another tense ("what currency did Germany use" / "does"), or "used to" said
 *   on one side only.
 * - `only`: "only" on one side only ("feed my cat only dry food" / "feed my cat dry food").
 */
export type SmallWordChange = 'preposition' | 'tense' | 'only';

// prettier-ignore
const PREPOSITIONS: ReadonlySet<string> = new Set([
  'about', 'above', 'across', 'after', 'against', 'along', 'among', 'amongst', 'around', 'at', 'before',
  'behind', 'below', 'beneath', 'beside', 'between', 'beyond', 'by', 'down', 'during', 'for', 'from', 'in',
  'inside', 'into', 'near', 'of', 'off', 'on', 'onto', 'out', 'outside', 'over', 'past', 'since', 'through',
  'throughout', 'to', 'toward', 'towards', 'under', 'underneath', 'until', 'up', 'upon', 'with', 'within',
]);

/** Prepositions that say the same wherever they stand. */
const SAME_PREPOSITIONS: readonly ReadonlySet<string>[] = [
  new Set(['in', 'inside', 'within']),
  new Set(['on', 'upon']),
  new Set(['among', 'amongst', 'between']),
  new Set(['toward', 'towards']),
];

/** "on the weekend" / "over the weekend" / "at weekends": before a time of the week or day, one time. */
// prettier-ignore
const TIMES: ReadonlySet<string> = new Set([
  'weekend', 'weekends', 'weekday', 'weekdays', 'morning', 'mornings', 'afternoon', 'afternoons', 'evening',
  'evenings', 'night', 'nights', 'holiday', 'holidays',
]);

/** "fill in a form" / "fill out a form". */
const SAME_AFTER: ReadonlyMap<string, ReadonlySet<string>> = new Map([['fill', new Set(['in', 'out'])]]);

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
  // "Why won't my car start?" asks of now, as "Why doesn't my car start?" does: only the past is apart.
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
  if (first.length === second.length) return replaced(first, second);
  return first.length > second.length ? inserted(first, second) : inserted(second, first);
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
  const tenseX = TENSES.get(x);
  const tenseY = TENSES.get(y);
  return tenseX !== undefined && tenseY !== undefined && tenseX !== tenseY ? 'tense' : undefined;
}

/** Read from both wordings, so a spelling of the word around it ("wekend") judges the pair the same either way round. */
function samePreposition(x: string, y: string, first: readonly Worded[], second: readonly Worded[], at: number): boolean {
  if (SAME_PREPOSITIONS.some((group) => group.has(x) && group.has(y))) return true;
  return [first, second].some((wording) => {
    if (SAME_AFTER.get(wording[at - 1]?.token ?? '')?.has(x) === true && SAME_AFTER.get(wording[at - 1]!.token)!.has(y))
      return true;
    return TIMES.has(wording[at + 1]?.token ?? '') || TIMES.has(wording[at + 2]?.token ?? '');
  });
}

/** `longer` is `shorter` with "only" or "used to" said at one place. */
function inserted(longer: readonly Worded[], shorter: readonly Worded[]): SmallWordChange | undefined {
  let at = 0;
  while (at < shorter.length && same(longer[at]!, shorter[at]!)) at += 1;
  const extra = longer.length - shorter.length;
  for (let i = at; i < shorter.length; i += 1) if (!same(longer[i + extra]!, shorter[i]!)) return undefined;
  const said = longer.slice(at, at + extra).map((w) => w.token);
  if (extra === 1 && said[0] === 'only') return 'only';
  return extra === 2 && said[0] === 'used' && said[1] === 'to' ? 'tense' : undefined;
}

function same(x: Worded, y: Worded): boolean {
  return x.token === y.token || (x.word !== undefined && y.word !== undefined && sameWord(x.word, y.word));
}
