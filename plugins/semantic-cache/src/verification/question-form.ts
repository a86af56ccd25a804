/**
 * The form of a question, read clause by clause: whether it asks yes or no ("Did …", "Is …", "Can …")
 * or a wh-question ("Why …", "How …"), the class of its question word, and how many questions it asks
 * ("Who started it and why?" asks two).
 */
import { isCarrier } from './question-words.js';
import { isParticiple } from './voice.js';
import { AUXILIARIES, PERSONS, REQUEST_VERBS, WH_WORDS } from './word-lists.js';

export type QuestionForm = 'yes-no' | 'wh';

/** When a yes/no question asks about: its opening auxiliary in the past ("Was …", "Did …") or not. */
export type QuestionTense = 'past' | 'present';

export interface FormFacts {
  readonly form: QuestionForm | undefined;
  /** The class of the first question word: who, when, where, why, how, how-much; undefined for what, which or none. */
  readonly asks: string | undefined;
  /** "how did …" / "how come …": a how that may ask for causes, like why. */
  readonly howCause: boolean;
  /** How many questions: clauses that open with a question word or an auxiliary, and "and why", "and is …". */
  readonly asked: number;
  /** What "how many" / "how much" counts, the two words after it that may say it: "people live" of "how many people live …". */
  readonly counted: readonly string[];
  /** The tense of the first yes/no question's opening auxiliary; undefined without one. */
  readonly tense: QuestionTense | undefined;
  /**
   * Whether that question asks what has come about ("Has the fire ban been lifted?") or what will
   * ("Will the fire ban be lifted?"); undefined for any other.
   */
  readonly outlook: QuestionOutlook | undefined;
}

/** What a yes/no question asks of: what has come about, what will, or what is under way. */
export type QuestionOutlook = 'done' | 'to-come' | 'ongoing';

/** Auxiliaries that open a question about the past: "Was Pluto a planet?", "Did Rome fall in 476?". */
const PAST_AUXILIARIES = new Set(['was', 'were', 'did', 'had']);

/**
 * "Has Antarctica ever had trees?" asks of all the past, as "Did Antarctica ever have trees?" does, and
 * not of now, as "Does Antarctica have trees?" does: a "has" or "have" at `start` with "ever" soon after.
 * @example
 * everSince(['has', 'mars', 'ever', 'had', 'water'], 0); // true
 * everSince(['has', 'the', 'bank', 'approved', 'it'], 0); // false
 */
export function everSince(tokens: readonly string[], start: number): boolean {
  return (tokens[start] === 'has' || tokens[start] === 'have') && tokens.slice(start + 1, start + 5).includes('ever');
}

// prettier-ignore
const ASKS: ReadonlyMap<string, string> = new Map(Object.entries({
  who: 'who', whom: 'who', whose: 'who', when: 'when', where: 'where', why: 'why', how: 'how',
}));
/** "how much", "how many", "how long" ... ask for a quantity, not a manner. */
// prettier-ignore
const QUANTITIES = new Set([
  'much', 'many', 'long', 'far', 'often', 'old', 'big', 'tall', 'fast', 'soon', 'early', 'late', 'large',
  'high', 'deep', 'heavy', 'frequently',
]);
/** Words that open the subject of a condition: "when I …", "when a contract …", "when travelling …". */
// prettier-ignore
const SUBJECTS = new Set([
  'i', 'you', 'we', 'he', 'she', 'they', 'it', 'a', 'an', 'the', 'my', 'your', 'our', 'their', 'someone',
  'travelling', 'traveling', 'leaving', 'using', 'driving', 'working', 'flying', 'cooking', 'buying',
]);
/**
 * The word after "when", "if" or "while" opens a condition rather than asks when: a subject ("when I …",
 * "when two sailboats meet …"), not an auxiliary ("When is …", "When should I …") nor "to" ("When to …").
 */
const opensCondition = (next: string | undefined) =>
  next !== undefined && (SUBJECTS.has(next) || (!AUXILIARIES.has(next) && next !== 'to' && next !== 'not'));
/** Who a request is made of: "can you tell me", "could someone explain". */
const ASKED = new Set(['you', 'someone', 'somebody', 'anyone', 'anybody', 'u']);
/** Words a clause may open with before its question: "so", "ok", "and", "hi". */
const OPENERS = new Set(['so', 'ok', 'okay', 'and', 'but', 'also', 'well', 'hi', 'hello', 'hey', 'then', 'please', 'or']);

/**
 * @example
 * questionForm([['did', 'rome', 'fall']]);            // { form: 'yes-no', tense: 'past', asks: undefined, asked: 1, … }
 * questionForm([['who', 'started', 'it', 'and', 'why']]); // { form: 'wh', asks: 'who', asked: 2, … }
 */
export function questionForm(clauses: readonly (readonly string[])[]): FormFacts {
  let form: QuestionForm | undefined;
  let asks: string | undefined;
  let askSeen = false;
  let howCause = false;
  let asked = 0;
  let counted: readonly string[] = [];
  let tense: QuestionTense | undefined;
  let outlook: QuestionOutlook | undefined;
  for (const tokens of clauses) {
    let start = 0;
    while (start < tokens.length && OPENERS.has(tokens[start]!)) start += 1;
    const first = tokens[start];
    // "When I wake up, …", "If a contract has no end, …": a condition, the question comes after it.
    if (clauses.length > 1 && (first === 'when' || first === 'if' || first === 'while') && opensCondition(tokens[start + 1]))
      continue;
    let clauseForm: QuestionForm | undefined;
    if (first !== undefined && WH_WORDS.has(first)) clauseForm = 'wh';
    else if (first !== undefined && AUXILIARIES.has(first)) {
      // "Can you tell me how …", "Could someone explain what …": a request for the question inside it.
      const request = ASKED.has(tokens[start + 1] ?? '') && REQUEST_VERBS.has(tokens[start + 2] ?? '');
      // "Is there a way to …" asks how; "Is it better to lease or buy?" asks which.
      const how = tokens[start + 1] === 'there' && tokens.slice(start + 2, start + 5).includes('way');
      const choice = tokens.includes('or', start + 2);
      // "Can't pay my bill, what happens?": a statement whose subject is left out.
      const statement = tokens[start + 1] === 'not' && !PERSONS.has(tokens[start + 2] ?? '');
      clauseForm = request || statement || how || choice ? undefined : 'yes-no';
      // "Is there a way to tell how old a cat is?" asks how to tell, as "How can I tell a cat's age?" does:
      // the question word after it belongs to what is told.
      if (how && !askSeen) {
        asks = 'how';
        askSeen = true;
      }
    }
    // "Is a half visor enough, or do I need a full cage?": the clause after "or" is the other choice of one question.
    if (clauseForm !== undefined && tokens[0] !== 'or') asked += 1;
    if (form === undefined && clauseForm === 'yes-no')
      tense = PAST_AUXILIARIES.has(first!) || everSince(tokens, start) ? 'past' : 'present';
    if (form === undefined && clauseForm === 'yes-no') outlook = outlookOf(tokens, start);
    form ??= clauseForm;
    tokens.forEach((token, i) => {
      const next = tokens[i + 1];
      if (
        i > start &&
        token === 'and' &&
        next !== undefined &&
        (WH_WORDS.has(next) || (AUXILIARIES.has(next) && i + 2 < tokens.length && tokens[i + 2] !== 'and'))
      )
        asked += 1;
      if (askSeen || !WH_WORDS.has(token)) return;
      askSeen = true;
      if (token === 'how' && next === 'come') asks = 'why';
      else if (token === 'where' && settingDone(tokens, i)) asks = 'how';
      else asks = token === 'how' && next !== undefined && QUANTITIES.has(next) ? 'how-much' : ASKS.get(token);
      howCause = token === 'how' && (next === 'did' || next === 'come' || next === 'came');
      if (token === 'how' && (next === 'many' || next === 'much')) counted = countedWords(tokens, i + 2);
      form ??= 'wh';
    });
  }
  return { form, asks, howCause, asked: Math.max(asked, 1), counted, tense, outlook };
}

/**
 * "Where can I change my Netflix password?" asks what "How do I change …?" does: the place of a setting is
 * the way to change it, "where do I go to change …" too. Not "Where can I buy …?", whose answer is a place.
 */
function settingDone(tokens: readonly string[], at: number): boolean {
  if (!WHERE_AUXILIARIES.has(tokens[at + 1] ?? '') || (tokens[at + 2] !== 'i' && tokens[at + 2] !== 'you')) return false;
  const verb = tokens[at + 3] === 'go' && tokens[at + 4] === 'to' ? at + 5 : at + 3;
  return SETTING_VERBS.has(tokens[verb] ?? '');
}

const WHERE_AUXILIARIES: ReadonlySet<string> = new Set(['can', 'do', 'should', 'would', 'could']);
// prettier-ignore
const SETTING_VERBS: ReadonlySet<string> = new Set([
  'change', 'turn', 'switch', 'disable', 'enable', 'update', 'set', 'reset', 'cancel', 'delete', 'remove', 'edit',
  'adjust', 'manage', 'unsubscribe',
]);

/** An "-ing" verb of some length: "becoming", "rising"; not "thing", "king" or "spring". */
const underWay = (token: string) => token.length > 5 && token.endsWith('ing');

/**
 * "Has … lifted", "Have … been sold": done by now; "Will …", "Shall …": to come; "Is … becoming": under
 * way. Not "Has … to" nor "Have … got", which ask of now.
 * @example
 * outlookOf(['has', 'the', 'ban', 'been', 'lifted'], 0); // 'done'
 * outlookOf(['will', 'the', 'ban', 'be', 'lifted'], 0);   // 'to-come'
 */
function outlookOf(tokens: readonly string[], start: number): QuestionOutlook | undefined {
  const opening = tokens[start];
  if (opening === 'will' || opening === 'shall') return 'to-come';
  // "Is the ocean becoming acidic?": under way now, against "Has the ocean become acidic?".
  if ((opening === 'is' || opening === 'are' || opening === 'am') && tokens.slice(start + 1).some(underWay)) return 'ongoing';
  if (opening !== 'has' && opening !== 'have') return undefined;
  const after = tokens.slice(start + 1);
  if (after[0] === 'to' || after.slice(0, 4).includes('got')) return undefined;
  return after.some(isParticiple) ? 'done' : undefined;
}

/** Up to two words that may carry the answer, from `at` on: "daily exercise" of "how much daily exercise does …". */
function countedWords(tokens: readonly string[], at: number): readonly string[] {
  const words: string[] = [];
  for (let i = at; i < at + 2 && i < tokens.length && isCarrier(tokens[i]!); i += 1) words.push(tokens[i]!);
  return words;
}
