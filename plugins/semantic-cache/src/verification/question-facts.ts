/**
 * What the hit verification compares between two questions, read once from each. Built on the same
 * tokens as the local embedder, so "three" and "3", "can't" and "can not", "+" and "plus" agree.
 */
import { lexicalTokens } from '../embeddings/lexical-tokens.js';
import { calendarWord } from './calendar-words.js';
import { questionForm, type QuestionForm } from './question-form.js';
import { contentWords, foreignLetters, namedThings, NEGATIONS, people, type ContentWord } from './question-words.js';
import { quantities, withNumbersUnhyphenated, withTimesOfDay } from './quantities.js';
import { carriers, CLAUSE_MARK, relations, type Relation } from './relations.js';
import { OPPOSITE_ENDS } from './word-lists.js';

export interface QuestionFacts {
  /** Values in reading order, as text; ordinals count as their value ("4th" is 4), times of day as "t1500". */
  readonly numbers: readonly string[];
  /** Canonical units written with the numbers ("usd", "km"). */
  readonly units: readonly string[];
  /** Arithmetic: an operator, or a power ("3 to the power of 2"), where the order of the numbers counts. */
  readonly arithmetic: boolean;
  /** Arithmetic operators in reading order, as `+ - × ÷ ^`. */
  readonly operators: readonly string[];
  /** How many negation words ("not", "no", "never", "without" ...), idioms such as "from nothing" left out. */
  readonly negations: number;
  /** Months, weekdays and relative days ("tomorrow", "last month") in reading order. */
  readonly dates: readonly string[];
  /** The class of the first question word: who, when, where, why, how, how-much; undefined for what, which or none. */
  readonly asks: string | undefined;
  /** "how did …", "how come …": a how that may ask for causes. */
  readonly howCause: boolean;
  /** A yes/no question or a wh-question; undefined when neither opens a clause. */
  readonly form: QuestionForm | undefined;
  /** How many questions it asks. */
  readonly asked: number;
  /** The people it is about, by class. */
  readonly people: ReadonlySet<string>;
  /** Content words in reading order. */
  readonly words: readonly ContentWord[];
  /** Its tokens, as the local embedder reads them. */
  readonly tokens: readonly string[];
  /** Stems of its named things. */
  readonly named: ReadonlySet<string>;
  /** Directed relations and the words on each side. */
  readonly relations: readonly Relation[];
  /** Stems that carry the question, in reading order, clauses apart. */
  readonly carriers: readonly string[];
  /** Opposite ends it names: "family:end". */
  readonly ends: ReadonlySet<string>;
  /** Letters of scripts other than Latin, sorted. */
  readonly foreign: string;
}

/** Negation words that negate nothing in these idioms: "from nothing", "no matter", "nothing but". */
const IDIOM_BEFORE: ReadonlyMap<string, ReadonlySet<string>> = new Map([['nothing', new Set(['from'])]]);
const IDIOM_AFTER: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['no', new Set(['matter', 'longer', 'doubt'])],
  ['nothing', new Set(['but'])],
  ['not', new Set(['only', 'help'])],
]);

/** Operator words after a number or variable: "7 times 8", not "how many times". */
const OPERATOR_WORDS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    plus: '+',
    minus: '-',
    times: '×',
    multiplied: '×',
    divided: '÷',
    power: '^',
  }),
);

const US = /\bUS\b/g;
/** "U.K.", "U.S.S.R.": an acronym with its dots, read as "UK", "USSR". Each repeat is a letter and a dot, so linear. */
const DOTTED = /\b(?:[A-Za-z]\.){2,}/g;
/** Clause breaks: a comma, full stop or colon not inside a number ("1,000", "1.5", "15:00"). Linear. */
const CLAUSE_BREAK = /[;?!\n]+|[,.:](?!\d)/;
const OPERAND = /\d|^\p{L}$/u;

/**
 * @example
 * questionFacts("What's 2 + 3 without tax?");
 * // { numbers: ['2', '3'], operators: ['+'], negations: 1, dates: [], asks: undefined, form: 'wh', … }
 */
export function questionFacts(text: string): QuestionFacts {
  // "the US" is a country, not "us": spelled out before the tokens fold its case.
  const undotted = text.includes('.') ? text.replace(DOTTED, (acronym) => acronym.replace(/\./g, '')) : text;
  const timed = withNumbersUnhyphenated(withTimesOfDay(undotted.includes('US') ? undotted.replace(US, 'USA') : undotted));
  // Most questions are one clause with a mark at the end: one pass of the tokenizer.
  const parts = timed.split(CLAUSE_BREAK).filter((part) => part.trim() !== '');
  const clauses = parts.length <= 1 ? [lexicalTokens(timed)] : parts.map(lexicalTokens);
  const tokens = clauses.length === 1 ? clauses[0]! : clauses.flat();
  const operators: string[] = [];
  const dates: string[] = [];
  const ends = new Set<string>();
  let negations = 0;
  tokens.forEach((token, i) => {
    const previous = tokens[i - 1];
    const next = tokens[i + 1];
    const operator = OPERATOR_WORDS.get(token);
    if (operator !== undefined && previous !== undefined && OPERAND.test(previous)) operators.push(operator);
    if (NEGATIONS.has(token) && !isIdiom(token, previous, next)) negations += 1;
    const date = calendarWord(token, previous);
    if (date !== undefined) dates.push(date);
    for (const [family, end] of OPPOSITE_ENDS.get(token) ?? []) ends.add(`${family}:${end}`);
  });
  const { numbers, units } = quantities(tokens, text);
  const named = namedThings(timed);
  return {
    numbers,
    units,
    arithmetic: operators.length > 0 || tokens.includes('power'),
    operators,
    negations,
    dates,
    ...questionForm(clauses),
    people: people(tokens),
    words: contentWords(tokens),
    tokens,
    named,
    relations: relations(tokens, named),
    carriers:
      clauses.length === 1
        ? carriers(tokens, named)
        : clauses.flatMap((clause, i) => (i === 0 ? carriers(clause, named) : [CLAUSE_MARK, ...carriers(clause, named)])),
    ends,
    foreign: foreignLetters(text),
  };
}

function isIdiom(token: string, previous: string | undefined, next: string | undefined): boolean {
  return (
    (previous !== undefined && IDIOM_BEFORE.get(token)?.has(previous) === true) ||
    (next !== undefined && IDIOM_AFTER.get(token)?.has(next) === true)
  );
}
