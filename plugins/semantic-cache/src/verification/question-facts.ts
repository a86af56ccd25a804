/**
 * What the hit verification compares between two questions, read once from each: its numbers, its
 * arithmetic, its negations, its calendar words and its question word. Built on the same tokens as
 * the local embedder, so "three" and "3", "can't" and "can not", "+" and "plus" agree.
 */
import { lexicalTokens } from '../embeddings/lexical-tokens.js';
import { calendarWord } from './calendar-words.js';

export interface QuestionFacts {
  /** Numeric values in reading order; ordinals count as their value ("4th" is 4). */
  readonly numbers: readonly number[];
  /** Arithmetic operators in reading order, as `+ - × ÷ ^`. */
  readonly operators: readonly string[];
  /** How many negation words ("not", "no", "never", "without" ...). */
  readonly negations: number;
  /** Months, weekdays and relative days ("tomorrow", "last month") in reading order. */
  readonly dates: readonly string[];
  /** The class of the first question word: who, when, where, why, how, how-much; undefined for what, which or none. */
  readonly asks: string | undefined;
}

const NEGATIONS = new Set(['not', 'no', 'never', 'none', 'nothing', 'nobody', 'nowhere', 'neither', 'nor', 'without']);

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

/**
 * @example
 * questionFacts("What's 2 + 3 without tax?");
 * // { numbers: [2, 3], operators: ['+'], negations: 1, dates: [], asks: undefined }
 */
export function questionFacts(text: string): QuestionFacts {
  const tokens = lexicalTokens(text);
  const numbers: number[] = [];
  const operators: string[] = [];
  const dates: string[] = [];
  let negations = 0;
  let asks: string | undefined;
  let askSeen = false;
  tokens.forEach((token, i) => {
    const previous = tokens[i - 1];
    const next = tokens[i + 1];
    for (const digits of token.match(/\d+(?:\.\d+)?/g) ?? []) numbers.push(Number(digits));
    const operator = OPERATOR_WORDS.get(token);
    if (operator !== undefined && previous !== undefined && isOperand(previous)) operators.push(operator);
    if (NEGATIONS.has(token)) negations += 1;
    const date = calendarWord(token, previous);
    if (date !== undefined) dates.push(date);
    if (!askSeen && (token === 'what' || token === 'which' || ASKS.has(token))) {
      askSeen = true;
      asks = token === 'how' && next !== undefined && QUANTITIES.has(next) ? 'how-much' : ASKS.get(token);
    }
  });
  return { numbers, operators, negations, dates, asks };
}

function isOperand(token: string): boolean {
  return /\d/.test(token) || /^\p{L}$/u.test(token);
}
