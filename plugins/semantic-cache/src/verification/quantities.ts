/**
 * The quantities of a question with their units normalised: "$2K" is 2000 dollars, "1M" and "one
 * million" are 1000000, "5 km" is "five kilometres", "3pm" is "15:00". Numbers come from the tokens
 * the local embedder reads (number words already digits, "2,000" already 2000).
 */
import { numbersAsDigits } from '../embeddings/number-words.js';
import { CURRENCY_SIGNS, ORDINAL_WORDS, SCALE_SUFFIXES, UNITS } from './word-lists.js';

/** A time of day: "3pm", "3:30 p.m.", "15:00". Bounded repeats only, so linear on any text. */
const TWELVE_HOUR = /\b(\d{1,2})(?::([0-5]\d))? ?([ap])\.?m\b\.?/g;
const TWENTY_FOUR_HOUR = /\b([01]?\d|2[0-3]):([0-5]\d)\b/g;
const TIME_TOKEN = /^t\d{4}$/;
const SCALED = /^(\d+(?:\.\d+)?)(k|m|mm|b|bn)$/;
const DIGITS = /\d+(?:\.\d+)?/g;
const HAS_DIGIT = /\d/;
const CURRENCY = /[$€£¥₹] ?\d/g;
const WHOLE = /^\d+$/;

/** Speeds and temperatures spelled out: "miles per hour" is mph, "degrees Celsius" is °C. */
const PER_HOUR: ReadonlyMap<string, string> = new Map([
  ['mile', 'mph'],
  ['km', 'kmh'],
]);

/** The unit a number is followed by, read over "per hour" and "degrees". */
function unitAfter(tokens: readonly string[], at: number): string | undefined {
  const word = tokens[at];
  if (word === undefined) return undefined;
  if (word === 'degrees' || word === 'degree') return UNITS.get(tokens[at + 1] ?? '');
  const unit = UNITS.get(word);
  if (unit !== undefined && tokens[at + 1] === 'per' && tokens[at + 2] === 'hour') return PER_HOUR.get(unit) ?? unit;
  return unit;
}

/** A hyphenated word, matched from its start only, so each repeat opens with a hyphen: linear. */
const HYPHENATED = /(?<![\p{L}\p{N}])[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu;

/**
 * A hyphenated word with a number in it, spelled open: "a fourteen-year-old" is "a 14 year old",
 * "a 240-volt dryer" "240 volt", "top-ten" "top 10", so the number and its unit read apart as when
 * written without hyphens. Other hyphenated words stay closed ("e-mail", "Wi-Fi").
 */
export function withNumbersUnhyphenated(text: string): string {
  if (!text.includes('-')) return text;
  return text.replace(HYPHENATED, (word) => {
    const parts = word.split('-');
    return parts.some(isNumberWord) ? parts.join(' ') : word;
  });
}

function isNumberWord(part: string): boolean {
  if (HAS_DIGIT.test(part)) return true;
  const lower = part.toLowerCase();
  return ORDINAL_WORDS.has(lower) || numbersAsDigits([lower])[0] !== lower;
}

/** Times of day spelled as one token ("t1500"), so "3pm" and "15:00" read alike; other text unchanged. */
export function withTimesOfDay(text: string): string {
  if (!text.includes(':') && !/\d ?[ap]\.?m/i.test(text)) return text;
  return text
    .replace(TWELVE_HOUR, (_, hour: string, minute: string | undefined, half: string) =>
      timeToken((Number(hour) % 12) + (half.toLowerCase() === 'p' ? 12 : 0), Number(minute ?? 0)),
    )
    .replace(TWENTY_FOUR_HOUR, (_, hour: string, minute: string) => timeToken(Number(hour), Number(minute)));
}

function timeToken(hour: number, minute: number): string {
  return ` t${String(hour).padStart(2, '0')}${String(minute).padStart(2, '0')} `;
}

export interface Quantities {
  /** Values in reading order, as text: "2000", "0.5", "t1500" for a time of day. */
  readonly numbers: readonly string[];
  /** The canonical units written after a number or as a currency sign, in reading order. */
  readonly units: readonly string[];
}

/**
 * @example
 * quantities(lexicalTokens('under $2K'), 'under $2K');          // { numbers: ['2000'], units: ['usd'] }
 * quantities(lexicalTokens('2000 dollars'), '2000 dollars');    // { numbers: ['2000'], units: ['usd'] }
 */
export function quantities(tokens: readonly string[], text: string): Quantities {
  const numbers: string[] = [];
  const units: string[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    const ordinal = ORDINAL_WORDS.get(token);
    if (ordinal !== undefined) numbers.push(String(ordinal));
    if (!HAS_DIGIT.test(token)) continue;
    // "three point five" is 3.5.
    if (tokens[i + 1] === 'point' && WHOLE.test(token) && WHOLE.test(tokens[i + 2] ?? '')) {
      numbers.push(String(Number(`${token}.${tokens[i + 2]!}`)));
      i += 2;
      continue;
    }
    if (TIME_TOKEN.test(token)) {
      numbers.push(token);
      continue;
    }
    const scaled = SCALED.exec(token);
    if (scaled !== null) {
      numbers.push(String(Number(scaled[1]) * SCALE_SUFFIXES.get(scaled[2]!)!));
    } else {
      const digits = token.match(DIGITS);
      if (digits === null) continue;
      const next = tokens[i + 1];
      // "2 grand" is 2000; "2 k" as "2k".
      const times = next === 'grand' || next === 'k' ? 1000 : 1;
      for (const value of digits) numbers.push(String(Number(value) * times));
      if (times !== 1) i += 1;
    }
    const unit = unitAfter(tokens, i + 1);
    if (unit !== undefined) units.push(unit);
  }
  if (text.includes('$') || /[€£¥₹]/.test(text))
    for (const sign of text.match(CURRENCY) ?? []) units.push(CURRENCY_SIGNS.get(sign[0]!)!);
  return { numbers, units };
}
