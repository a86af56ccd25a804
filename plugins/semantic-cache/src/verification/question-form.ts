/**
 * The form of a question, read clause by clause: whether it asks yes or no ("Did …", "Is …", "Can …")
 * or a wh-question ("Why …", "How …"), the class of its question word, and how many questions it asks
 * ("Who started it and why?" asks two).
 */
import { AUXILIARIES, PERSONS, REQUEST_VERBS, WH_WORDS } from './word-lists.js';

export type QuestionForm = 'yes-no' | 'wh';

export interface FormFacts {
  readonly form: QuestionForm | undefined;
  /** The class of the first question word: who, when, where, why, how, how-much; undefined for what, which or none. */
  readonly asks: string | undefined;
  /** "how did …" / "how come …": a how that may ask for causes, like why. */
  readonly howCause: boolean;
  /** How many questions: clauses that open with a question word or an auxiliary, and "and why", "and is …". */
  readonly asked: number;
}

// prettier-ignore
const ASKS: ReadonlyMap<string, string> = new Map(Object.entries({
  who: 'who', whom: 'who', whose: 'who', when: 'when', where: 'where', why: 'why', how: 'how',
}));
/** "how much", "how many", "how long" ... ask for a quantity, not a manner. */
// prettier-ignore
const QUANTITIES = new Set([
  'much', 'many', 'long', 'far', 'often', 'old', 'big', 'tall', 'fast', 'soon', 'early', 'late', 'large',
  'high', 'deep', 'heavy',
]);
/** Words a clause may open with before its question: "so", "ok", "and", "hi". */
const OPENERS = new Set(['so', 'ok', 'okay', 'and', 'but', 'also', 'well', 'hi', 'hello', 'hey', 'then', 'please', 'or']);

/**
 * @example
 * questionForm([['did', 'rome', 'fall']]);            // { form: 'yes-no', asks: undefined, asked: 1, … }
 * questionForm([['who', 'started', 'it', 'and', 'why']]); // { form: 'wh', asks: 'who', asked: 2, … }
 */
export function questionForm(clauses: readonly (readonly string[])[]): FormFacts {
  let form: QuestionForm | undefined;
  let asks: string | undefined;
  let askSeen = false;
  let howCause = false;
  let asked = 0;
  for (const tokens of clauses) {
    let start = 0;
    while (start < tokens.length && OPENERS.has(tokens[start]!)) start += 1;
    const first = tokens[start];
    let clauseForm: QuestionForm | undefined;
    if (first !== undefined && WH_WORDS.has(first)) clauseForm = 'wh';
    else if (first !== undefined && AUXILIARIES.has(first)) {
      // "Can you tell me how …" is a request for the wh-question inside it, not a yes/no question.
      const request = tokens[start + 1] === 'you' && REQUEST_VERBS.has(tokens[start + 2] ?? '');
      // "Can't pay my bill, what happens?": a statement whose subject is left out.
      const statement = tokens[start + 1] === 'not' && !PERSONS.has(tokens[start + 2] ?? '');
      clauseForm = request || statement ? undefined : 'yes-no';
    }
    if (clauseForm !== undefined) asked += 1;
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
      else asks = token === 'how' && next !== undefined && QUANTITIES.has(next) ? 'how-much' : ASKS.get(token);
      howCause = token === 'how' && (next === 'did' || next === 'come' || next === 'came');
      form ??= 'wh';
    });
  }
  return { form, asks, howCause, asked: Math.max(asked, 1) };
}
