/**
 * Who acts in a wh-question. With do-support the party after the auxiliary acts and the asked thing
 * undergoes: "which authors did Stephen King influence" asks whom Stephen King influenced. Without it the
 * asked thing acts on what follows the verb: "which authors influenced Stephen King" asks who influenced
 * him. The same holds after "how", "why", "when" and "where", and with a modal in place of "do": "How
 * does climate change make wildfires worse?" / "How do wildfires make climate change worse?", "How can
 * parents help teachers?" / "How can teachers help parents?". Both hold the same words, so an embedder and
 * the restated check (same-content.ts) read one question; the doer of one stands right after the same
 * verb in the other, and `relations` refuses them.
 */
import { isCarrier } from './question-words.js';
import { stemOf } from './stems.js';
import { sameList } from './word-match.js';
import { AUXILIARIES, DETERMINERS } from './word-lists.js';
import { passivesOf, type Passive } from './voice.js';

const ASKED: ReadonlySet<string> = new Set(['which', 'what', 'who', 'whom', 'whose', 'how', 'why', 'when', 'where']);
/** "do", "does", "did", and the modals that take their place: "how can parents help teachers". */
// prettier-ignore
const DO_SUPPORT: ReadonlySet<string> = new Set([
  'do', 'does', 'did', 'can', 'could', 'should', 'will', 'would', 'may', 'might', 'must',
]);

/** Verbs whose parties may trade places and say the same: "Who did Marie Curie marry?" / "Who married her?". */
const SYMMETRIC: ReadonlySet<string> = new Set(
  ['marry', 'married', 'meet', 'met', 'date', 'dated', 'divorce', 'divorced', 'resemble', 'equal', 'match', 'face', 'play'].map(
    stemOf,
  ),
);

/**
 * Verbs among the relation words (word-lists.ts) and the function words the local embedder weighs down:
 * "which diseases does smoking cause", "which teams did the Lakers beat", "how can parents help teachers".
 */
// prettier-ignore
const LIGHT_VERBS: ReadonlySet<string> = new Set([
  'cause', 'causes', 'caused', 'affect', 'affects', 'beat', 'beats', 'help', 'tell', 'show', 'know', 'want',
  'need', 'like', 'get',
]);

/** How far in the auxiliary is looked for: the question word, then up to two words ("which famous authors did"). */
const ASKED_PHRASE = 3;
/** Words a doer may take between the auxiliary and its verb: "did Stephen King influence". */
const DOER_WORDS = 2;

/** One reading of who does what in a wh-question: "did Stephen King influence". */
export interface Doing {
  readonly doer: readonly string[];
  /** The verb's stem. */
  readonly verb: string;
}

/** What {@link tradedWhRoles} reads of a question, kept in its facts (question-facts.ts). */
export interface WhQuestion {
  readonly tokens: readonly string[];
  readonly doings: readonly Doing[];
}

/**
 * @example
 * const facts = (text: string) => { const tokens = lexicalTokens(text); return { tokens, doings: doingsOf(tokens) }; };
 * tradedWhRoles(facts('which authors did Stephen King influence'), facts('which authors influenced Stephen King')); // true
 * tradedWhRoles(facts('what questions do interviewers ask'), facts('what do interviewers ask in an interview')); // false
 */
export function tradedWhRoles(a: WhQuestion, b: WhQuestion): boolean {
  return traded(a, b) || traded(b, a) || whoseOwner(a.tokens, b.tokens) || whoseOwner(b.tokens, a.tokens);
}

/**
 * "Whose son was Theseus?" asks for Theseus's parent, "Who was Theseus's son?" for his son: the owner
 * asked in one is the one named as owner in the other, the thing owned the same.
 */
function whoseOwner(whose: readonly string[], other: readonly string[]): boolean {
  const at = whose.indexOf('whose');
  if (at === -1 || other.includes('whose')) return false;
  const owned = whose[at + 1];
  if (owned === undefined) return false;
  // The other question names the owner right before the same thing ("theseus's son" reads "theseus son").
  return other.some((token, k) => k > 0 && token === owned && isCarrier(other[k - 1]!) && whose.includes(other[k - 1]!));
}

/** A doer of `x` stands right after the same verb in `y`, where it undergoes. */
function traded(x: WhQuestion, { tokens: y, doings: yDoes }: WhQuestion): boolean {
  for (const { doer, verb } of x.doings) {
    // A doer acting in both, as in a question against itself, is no trade.
    if (SYMMETRIC.has(verb) || yDoes.some((other) => other.verb === verb && sameList(other.doer, doer))) continue;
    for (let m = 0; m < y.length - doer.length; m += 1) {
      // "a properly fitting suit": an "-ing" form before a noun describes it and does nothing to it.
      if (AUXILIARIES.has(y[m]!) || y[m]!.endsWith('ing') || stemOf(y[m]!) !== verb) continue;
      let k = m + 1;
      while (DETERMINERS.has(y[k] ?? '')) k += 1;
      // "which players do I follow" / "which players follow me": the doer as the one acted on.
      if (
        sameList(
          doer,
          y.slice(k, k + doer.length).map((token) => SUBJECT_OF.get(token) ?? token),
        )
      )
        return true;
    }
  }
  return false;
}

/**
 * Each reading of a wh-question with do-support: a doer of one or two words after the auxiliary and its
 * determiners, and the verb after that doer, a word that may carry the answer. Which reading is right is
 * left to the other question; a question of another shape has none.
 * @example
 * doingsOf(lexicalTokens('which apps do teens use')); // [{ doer: ['teens'], verb: 'use' }]
 * doingsOf(lexicalTokens('do teens use these apps'));  // []
 */
export function doingsOf(tokens: readonly string[], passives: readonly Passive[] = passivesOf(tokens)): Doing[] {
  if (!ASKED.has(tokens[0] ?? '')) return embeddedDoings(tokens);
  const passive = passives.find(({ deed, by }) => by !== undefined && deed <= ASKED_PHRASE + 1);
  if (passive !== undefined) return passiveDoings(tokens, passive.deed, passive.by!);
  let aux = -1;
  for (let i = 1; i <= ASKED_PHRASE && i < tokens.length; i += 1)
    if (DO_SUPPORT.has(tokens[i]!)) {
      aux = i;
      break;
    }
  if (aux < 0) return embeddedDoings(tokens);
  let k = aux + 1;
  while (DETERMINERS.has(tokens[k] ?? '')) k += 1;
  const readings: Doing[] = [];
  for (let n = 1; n <= DOER_WORDS && k + n < tokens.length; n += 1) {
    const verb = tokens[k + n]!;
    // "What do Sweden and Norway have in common?": "and" is no verb.
    if (AUXILIARIES.has(verb) || !(isCarrier(verb) || LIGHT_VERBS.has(verb)) || /\d/.test(verb)) continue;
    readings.push({ doer: tokens.slice(k, k + n), verb: stemOf(verb) });
  }
  return [...readings, ...embeddedDoings(tokens)];
}

/** A pronoun as the one acted on, and the same party as the doer. */
// prettier-ignore
const SUBJECT_OF: ReadonlyMap<string, string> = new Map([
  ['me', 'i'], ['us', 'we'], ['him', 'he'], ['her', 'she'], ['them', 'they'],
]);
const SUBJECTS: ReadonlySet<string> = new Set(['i', 'we', 'you', 'he', 'she', 'they']);
/** Words the asked thing may take before the doer of an embedded question: "which pro players I follow". */
const ASKED_WORDS = 2;

/**
 * The doer of a wh-clause inside the question, a pronoun with no "do" before it: "how do I see which
 * players I follow", "find out who I blocked". The asked thing undergoes, as with do-support.
 * @example
 * embeddedDoings(lexicalTokens('how do i see who i blocked')); // [{ doer: ['i'], verb: 'block' }]
 */
function embeddedDoings(tokens: readonly string[]): Doing[] {
  const readings: Doing[] = [];
  tokens.forEach((token, at) => {
    if (at === 0 || !EMBEDDING.has(token)) return;
    for (let k = at + 1; k <= at + 1 + ASKED_WORDS && k < tokens.length; k += 1) {
      if (!SUBJECTS.has(tokens[k]!)) continue;
      let v = k + 1;
      while (AUXILIARIES.has(tokens[v] ?? '')) v += 1;
      const verb = tokens[v];
      if (verb !== undefined && (isCarrier(verb) || LIGHT_VERBS.has(verb)) && !/\d/.test(verb))
        readings.push({ doer: [tokens[k]!], verb: stemOf(verb) });
      return;
    }
  });
  return readings;
}

const EMBEDDING: ReadonlySet<string> = new Set(['which', 'who', 'whom', 'what']);

/**
 * A wh-question in the passive names its doer after "by", and the asked thing undergoes, as with
 * do-support: "Who is killed by Tybalt?" asks whom Tybalt kills, against "Who kills Tybalt?".
 */
function passiveDoings(tokens: readonly string[], deed: number, by: number): Doing[] {
  let k = by + 1;
  while (DETERMINERS.has(tokens[k] ?? '')) k += 1;
  const readings: Doing[] = [];
  for (let n = 1; n <= DOER_WORDS && k + n <= tokens.length; n += 1)
    readings.push({ doer: tokens.slice(k, k + n), verb: stemOf(tokens[deed]!) });
  return readings;
}
