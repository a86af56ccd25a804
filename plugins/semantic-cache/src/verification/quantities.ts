/**
 * The quantities of a question with their units normalised: "$2K" is 2000 dollars, "1M" and "one
 * million" are 1000000, "5 km" is "five kilometres", "3pm" is "15:00". Numbers come from the tokens
 * the local embedder reads (number words already digits, "2,000" already 2000).
 */
import { CURRENCY_SIGNS, SCALE_SUFFIXES, UNITS } from './word-lists.js';

/** A time of day: "3pm", "3:30 p.m.", "15:00". Bounded repeats only, so linear on any text. */
const TWELVE_HOUR = /\b(\d{1,2})(?::([0-5]\d))? ?([ap])\.?m\b\.?/g;
const TWENTY_FOUR_HOUR = /\b([01]?\d|2[0-3]):([0-5]\d)\b/g;
const TIME_TOKEN = /^t\d{4}$/;
const SCALED = /^(\d+(?:\.\d+)?)(k|m|mm|b|bn)$/;
const DIGITS = /\d+(?:\.\d+)?/g;
const HAS_DIGIT = /\d/;
const CURRENCY = /[$€£¥₹] ?\d/g;

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
    if (!HAS_DIGIT.test(token)) continue;
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
    const unit = tokens[i + 1] === undefined ? undefined : UNITS.get(tokens[i + 1]!);
    if (unit !== undefined) units.push(unit);
  }
  if (text.includes('$') || /[€£¥₹]/.test(text))
    for (const sign of text.match(CURRENCY) ?? []) units.push(CURRENCY_SIGNS.get(sign[0]!)!);
  return { numbers, units };
}
