/**
 * The quantities of a question with their units normalised: "$2K" is 2000 dollars, "1M" and "one
 * million" are 1000000, "5 km" is "five kilometres", "3pm" is "15:00", "7.2 kW" is "7200 watts", "½" is
 * 0.5, "the 18th century" is "the 1700s". Numbers come from the tokens the local embedder reads (number
 * words already digits, "2,000" already 2000).
 */
import { FUNCTION_WORDS } from '../embeddings/function-words.js';
import { numbersAsDigits } from '../embeddings/number-words.js';
import { CURRENCIES, CURRENCY_SIGNS, ORDINAL_WORDS, SCALE_SUFFIXES, UNITS } from './word-lists.js';
import { isMonth } from './calendar-words.js';

/** A time of day: "3pm", "3:30 p.m.", "15:00". Bounded repeats only, so linear on any text. */
const TWELVE_HOUR = /\b(\d{1,2})(?::([0-5]\d))? ?([ap])\.?m\b\.?/gi;
const TWENTY_FOUR_HOUR = /\b([01]?\d|2[0-3]):([0-5]\d)\b/g;
/** "noon", "midday" and "midnight": a time of day named ("afternoon" is none). */
const NAMED_TIMES = /\b(?:noon|midday|midnight)\b(?! oil)/gi;
const NAMED_TIME = /\b(?:noon|midday|midnight)\b/i;
const TIME_TOKEN = /^t\d{4}$/;
const SCALED = /^(\d+(?:\.\d+)?)(k|m|mm|b|bn)$/;
const DIGITS = /\d+(?:\.\d+)?/g;
const HAS_DIGIT = /\d/;
const CURRENCY = /[$€£¥₹] ?\d/g;
const WHOLE = /^\d+$/;
const MONEY = /[$€£¥₹]/;
/** A number with a unit written onto it: "2gb", "400mg". Two bounded classes in a row, so linear. */
const WITH_UNIT = /^(\d+(?:\.\d+)?)([a-z]+)$/;
/** "2nd", "3rd", "21st", "4th". */
const ORDINAL_SUFFIX = /^\d+(?:st|nd|rd|th)$/;

/** Speeds and temperatures spelled out: "miles per hour" is mph, "degrees Celsius" is °C. */
const PER_HOUR: ReadonlyMap<string, string> = new Map([
  ['mile', 'mph'],
  ['km', 'kmh'],
]);

/** The unit a number is followed by, read over "per hour" and "degrees". */
function unitAfter(tokens: readonly string[], at: number, named: ReadonlySet<string>): string | undefined {
  const word = tokens[at];
  if (word === undefined) return undefined;
  if (word === 'degrees' || word === 'degree') return UNITS.get(tokens[at + 1] ?? '');
  // "drive at 17 in the UK", "vote at 16 in Austria": the preposition, not inches.
  const next = tokens[at + 1] ?? '';
  if (word === 'in' && (PLACE_OPENERS.has(next) || named.has(next))) return undefined;
  const unit = UNITS.get(word);
  if (unit !== undefined && tokens[at + 1] === 'per' && tokens[at + 2] === 'hour') return PER_HOUR.get(unit) ?? unit;
  return unit;
}

/** Words that open what "in" after a number places something in, so the "in" is no inch. */
// prettier-ignore
const PLACE_OPENERS: ReadonlySet<string> = new Set([
  'the', 'a', 'an', 'my', 'your', 'his', 'her', 'its', 'our', 'their', 'this', 'that', 'these', 'those',
  'each', 'every', 'which', 'what', 'whose', 'some', 'any',
]);

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

/**
 * Times of day spelled as one token ("t1500"), so "3pm" and "15:00" read alike, and "noon" "12pm";
 * other text unchanged.
 */
export function withTimesOfDay(text: string): string {
  if (!text.includes(':') && !/\d ?[ap]\.?m/i.test(text) && !NAMED_TIME.test(text)) return text;
  return text
    .replace(NAMED_TIMES, (name: string) => timeToken(name.toLowerCase() === 'midnight' ? 0 : 12, 0))
    .replace(TWELVE_HOUR, (_, hour: string, minute: string | undefined, half: string) =>
      timeToken((Number(hour) % 12) + (half.toLowerCase() === 'p' ? 12 : 0), Number(minute ?? 0)),
    )
    .replace(TWENTY_FOUR_HOUR, (_, hour: string, minute: string) => timeToken(Number(hour), Number(minute)));
}

function timeToken(hour: number, minute: number): string {
  return ` t${String(hour).padStart(2, '0')}${String(minute).padStart(2, '0')} `;
}

export interface Measured {
  /** Values in reading order, as text: "2000", "0.5", "t1500" for a time of day. */
  readonly numbers: readonly string[];
  /** The canonical units written after a number or as a currency sign, in reading order. */
  readonly units: readonly string[];
}

/** The quantities each counted in the smallest unit of its kind ("2 hours" is 120 minutes). */
export interface Quantities extends Measured {
  /**
   * The same in the units as written ("2 hours" is 2 hours), for a number that leaves its unit to the one
   * before it: "1 week's notice instead of 2" is "one week's notice instead of two weeks" only so.
   */
  readonly asWritten: Measured;
}

/**
 * @example
 * quantities(lexicalTokens('under $2K'), 'under $2K');          // { numbers: ['2000'], units: ['usd'], … }
 * quantities(lexicalTokens('2000 dollars'), '2000 dollars');    // { numbers: ['2000'], units: ['usd'], … }
 * quantities(lexicalTokens('half an hour'), 'half an hour');
 * // { numbers: ['30'], units: ['minute'], asWritten: { numbers: ['0.5'], units: ['hour'] } }
 */
export function quantities(
  tokens: readonly string[],
  text: string,
  /** The question's names (question-words.ts), which "in" after a number places something in. */
  named: ReadonlySet<string> = new Set(),
): Quantities {
  const numbers: string[] = [];
  const units: string[] = [];
  const asWritten = { numbers: [] as string[], units: [] as string[] };
  const bare = (value: string) => {
    numbers.push(value);
    asWritten.numbers.push(value);
  };
  const unitOnly = (unit: string) => {
    units.push(unit);
    asWritten.units.push(unit);
  };
  const push = (value: number, unit: string | undefined) => {
    const scale = unit === undefined ? undefined : BASE_UNITS.get(unit);
    numbers.push(String(scale === undefined ? value : round(value * scale[1])));
    asWritten.numbers.push(String(value));
    if (unit === undefined) return;
    units.push(scale?.[0] ?? unit);
    asWritten.units.push(unit);
  };
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    const ordinal = ORDINAL_WORDS.get(token);
    // "the 18th century" is "the 1700s".
    const century = CENTURY_WORDS.has(tokens[i + 1] ?? '') ? (ordinal ?? ordinalNumber(token)) : undefined;
    if (century !== undefined) {
      bare(String((century - 1) * 100));
      i += 1;
      continue;
    }
    if (ordinal !== undefined) bare(String(ordinal));
    // "half an hour" is 30 minutes, "a mile" 1 mile; "30 minutes a day" is a rate, not a day.
    const unitted = UNITS.get(tokens[i + 2] ?? '');
    if (
      token === 'half' &&
      (tokens[i + 1] === 'a' || tokens[i + 1] === 'an') &&
      unitted !== undefined &&
      !CURRENCIES.has(unitted)
    ) {
      push(0.5, unitted);
      i += 2;
      continue;
    }
    if (ONE.has(token) && countedUnit(tokens, i + 1) && !isRate(tokens, i)) {
      push(1, UNITS.get(tokens[i + 1]!));
      i += 1;
      continue;
    }
    if (!HAS_DIGIT.test(token)) continue;
    // "three point five" is 3.5.
    if (tokens[i + 1] === 'point' && WHOLE.test(token) && WHOLE.test(tokens[i + 2] ?? '')) {
      push(Number(`${token}.${tokens[i + 2]!}`), unitAfter(tokens, i + 3, named));
      i += 2;
      continue;
    }
    if (TIME_TOKEN.test(token)) {
      bare(token);
      continue;
    }
    // "1st" / "first" before a word is no article ("a 1st grader" / "a high school junior"): kept apart
    // from "1". As an adverb ("should I invest first?") it is left out, as "1" is.
    if (token === '1st') {
      // "December the first" / "1st December": a day of a month, read as other days are ("the 2nd of June").
      if (besideMonth(tokens, i)) {
        bare('1');
        continue;
      }
      const next = tokens[i + 1];
      if (next !== undefined && !FUNCTION_WORDS.has(next) && !HAS_DIGIT.test(next)) bare(token);
      continue;
    }
    // "300mm" is millimetres; "$5MM" is five million.
    const scaledAt = SCALED.exec(token);
    const scaled = scaledAt?.[2] === 'mm' && !MONEY.test(text) ? null : scaledAt;
    // "2GB", "400mg": the unit written onto the number.
    const suffixed = scaled === null ? WITH_UNIT.exec(token) : null;
    const suffixUnit = suffixed === null ? undefined : (UNITS.get(suffixed[2]!) ?? SUFFIX_UNITS.get(suffixed[2]!));
    let values: number[];
    if (scaled !== null) values = [Number(scaled[1]) * SCALE_SUFFIXES.get(scaled[2]!)!];
    else if (suffixed !== null && suffixUnit !== undefined) values = [Number(suffixed[1])];
    else {
      const digits = token.match(DIGITS);
      if (digits === null) continue;
      const next = tokens[i + 1];
      // "2 grand" is 2000; "2 k" as "2k".
      const times = next === 'grand' || next === 'k' ? 1000 : 1;
      values = digits.map((value) => Number(value) * times);
      if (times !== 1) i += 1;
    }
    // "one and a half litres" is 1.5 litres.
    if (values.length === 1 && tokens[i + 1] === 'and' && tokens[i + 2] === 'a' && tokens[i + 3] === 'half') {
      values = [values[0]! + 0.5];
      i += 3;
    }
    // An ordinal ranks, it measures nothing: "finished 2nd in the race" is no 2 inches.
    const unit = suffixUnit ?? (ORDINAL_SUFFIX.test(token) ? undefined : unitAfter(tokens, i + 1, named));
    // An age is a bare number of years as often as "N years old" ("at 16" / "sixteen-year-olds", "turned
    // two" / "a two-year-old"), so it reads as one, in months too ("18-month-old" / "one-and-a-half-year-old").
    const age = values.length === 1 && AGE_WORDS.has(tokens[i + 2] ?? '') ? AGE_UNITS.get(unit ?? '') : undefined;
    if (age !== undefined) push(round(values[0]! / age), undefined);
    else if (values.length === 1) push(values[0]!, unit);
    else {
      for (const value of values) bare(String(value));
      if (unit !== undefined) unitOnly(unit);
    }
  }
  if (text.includes('$') || /[€£¥₹]/.test(text))
    for (const sign of text.match(CURRENCY) ?? []) unitOnly(CURRENCY_SIGNS.get(sign[0]!)!);
  return { numbers, units, asWritten };
}

/** Units read only when written onto a number ("a 40W bulb"): alone, "W" is as often a letter ("a W-2"). */
const SUFFIX_UNITS: ReadonlyMap<string, string> = new Map([['w', 'w']]);

const CENTURY_WORDS: ReadonlySet<string> = new Set(['century', 'centuries']);

/** The number of an ordinal written in digits: 18 of "18th". */
function ordinalNumber(token: string): number | undefined {
  return ORDINAL_SUFFIX.test(token) ? Number.parseInt(token, 10) : undefined;
}

/** Fractions written as one character: "½ teaspoon" is "0.5 teaspoon", "1½ cups" "1.5 cups". */
const VULGAR_FRACTIONS: ReadonlyMap<string, number> = new Map([
  ['½', 0.5],
  ['¼', 0.25],
  ['¾', 0.75],
  ['⅓', 1 / 3],
  ['⅔', 2 / 3],
  ['⅛', 0.125],
]);
/**
 * A whole number, then a fraction character. The match opens where no digit stands before it and takes at
 * most nine digits, so no run of digits is tried from each of its places: linear on any text.
 */
const FRACTION = /(?<!\d)(\d{0,9})\s?([½¼¾⅓⅔⅛])/g;

/** Fraction characters spelled as decimals, which the tokens would split into two numbers ("½" as 1 and 2). */
export function withVulgarFractions(text: string): string {
  if (!/[½¼¾⅓⅔⅛]/.test(text)) return text;
  return text.replace(FRACTION, (_, whole: string, fraction: string) => {
    const value = Number(whole || 0) + VULGAR_FRACTIONS.get(fraction)!;
    return ` ${String(round(value))} `;
  });
}

/** "December the first", "the first of December", "first December": the ordinal names a day. */
function besideMonth(tokens: readonly string[], at: number): boolean {
  const month = (k: number) => isMonth(tokens[k] ?? '');
  return (
    month(at - 1) || month(at + 1) || (tokens[at - 1] === 'the' && month(at - 2)) || (tokens[at + 1] === 'of' && month(at + 2))
  );
}

/** Words that count one of the unit after them: "a mile", "an hour", "a single litre". */
const ONE: ReadonlySet<string> = new Set(['a', 'an', 'single']);

/**
 * A unit "a" may count: a measure spelled as a word ("a litre", not "a C" or "a second opinion"), and
 * no calendar period ("in a year", "a day off").
 */
function countedUnit(tokens: readonly string[], at: number): boolean {
  const word = tokens[at] ?? '';
  const unit = UNITS.get(word);
  return unit !== undefined && word.length > 2 && !CURRENCIES.has(unit) && !NOT_COUNTED.has(unit);
}

const NOT_COUNTED: ReadonlySet<string> = new Set(['second', 'day', 'week', 'month', 'year', 'inch', 'percent']);

/** "30 minutes a day", "twice an hour", "per litre": a rate, the unit it is counted per. ("a single mile": "single" counts.) */
function isRate(tokens: readonly string[], at: number): boolean {
  const before = tokens[at - 1] ?? '';
  return UNITS.has(before) || RATE_WORDS.has(before);
}

const RATE_WORDS: ReadonlySet<string> = new Set(['times', 'once', 'twice', 'per', 'cost', 'costs', 'price']);

const AGE_WORDS: ReadonlySet<string> = new Set(['old', 'olds']);
/** An age's unit, by how many of it make a year. */
const AGE_UNITS: ReadonlyMap<string, number> = new Map([
  ['year', 1],
  ['month', 12],
]);

/**
 * Units counted in the smallest of their kind, so "1 km" is "1000000 mm" as "1000 metres" is, "48 hours"
 * is "2880 minutes" as "two days" is, "1000mg" is "one gram" and "half a year" "6 months". A month has
 * no fixed number of days, so months and years are counted apart from days.
 */
// prettier-ignore
const BASE_UNITS: ReadonlyMap<string, readonly [string, number]> = new Map([
  ['km', ['mm', 1e6]], ['m', ['mm', 1000]], ['cm', ['mm', 10]], ['ft', ['inch', 12]],
  ['kg', ['mg', 1e6]], ['g', ['mg', 1000]], ['l', ['ml', 1000]],
  ['fortnight', ['minute', 20160]], ['week', ['minute', 10080]], ['day', ['minute', 1440]], ['hour', ['minute', 60]], ['second', ['minute', 1 / 60]],
  ['year', ['month', 12]], ['decade', ['month', 120]], ['tb', ['gb', 1000]], ['mb', ['gb', 0.001]],
  ['kw', ['w', 1000]], ['kwh', ['wh', 1000]], ['gbps', ['mbps', 1000]], ['kbps', ['mbps', 0.001]],
]);

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
