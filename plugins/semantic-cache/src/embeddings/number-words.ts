/**
 * English number words to digits ("twenty five" → "25", "3rd" and "third" → "3rd"), so a question
 * reads the same to the embedder and to the numbers check whichever way its numbers are written.
 */

// Maps, not object literals: a question's own words ("constructor", "toString") must not find Object.prototype.
// prettier-ignore
const UNITS: ReadonlyMap<string, number> = new Map(Object.entries({
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17,
  eighteen: 18, nineteen: 19, twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70,
  eighty: 80, ninety: 90,
}));

/** Scales below 1000 multiply the number so far ("two dozen"); the others close a group ("two thousand five"). */
const SCALES: ReadonlyMap<string, number> = new Map(
  Object.entries({
    dozen: 12,
    hundred: 100,
    thousand: 1e3,
    million: 1e6,
    billion: 1e9,
    trillion: 1e12,
  }),
);

// prettier-ignore
const ORDINALS: ReadonlyMap<string, number> = new Map(Object.entries({
  first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9,
  tenth: 10, eleventh: 11, twelfth: 12, thirteenth: 13, fourteenth: 14, fifteenth: 15, twentieth: 20,
  thirtieth: 30, hundredth: 100,
}));

/** "twice" is "2 times", so "charged twice" and "charged two times" agree. */
const MULTIPLES: ReadonlyMap<string, number> = new Map(Object.entries({ twice: 2, thrice: 3 }));

const ORDINAL_DIGITS = /^(\d+)(st|nd|rd|th)$/;

const isNumberWord = (token: string): boolean => UNITS.has(token) || SCALES.has(token);

/**
 * Rewrites runs of number words as one digit token; "a" or "an" before a scale word counts as one
 * ("a hundred" → "100"), digits before one multiply ("5 million" → "5000000"), and "and" inside a run
 * is skipped ("one hundred and five" → "105").
 * Ordinals become `<n>th`-style tokens with the English suffix ("first" → "1st").
 * @example
 * numbersAsDigits(['twenty', 'five', 'apples']); // ['25', 'apples']
 */
export function numbersAsDigits(tokens: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length;) {
    const token = tokens[i]!;
    const ordinal = ORDINALS.get(token);
    if (ordinal !== undefined) {
      out.push(ordinalToken(ordinal));
      i += 1;
      continue;
    }
    const multiple = MULTIPLES.get(token);
    if (multiple !== undefined) {
      out.push(String(multiple), 'times');
      i += 1;
      continue;
    }
    // "a hundred", "5 million": a leading article or digits multiplied by the scale word after them.
    const scaled = tokens[i + 1] !== undefined && SCALES.has(tokens[i + 1]!);
    const lead = scaled && (token === 'a' || token === 'an') ? 1 : scaled && /^\d+$/.test(token) ? Number(token) : 0;
    if (lead === 0 && !isNumberWord(token)) {
      out.push(token);
      i += 1;
      continue;
    }
    const run = readRun(tokens, lead === 0 ? i : i + 1, lead);
    out.push(String(run.value));
    i = run.end;
  }
  return out;
}

/** Reads number words from `start`; the classic total/current accumulation of English numerals. */
function readRun(tokens: readonly string[], start: number, lead: number): { value: number; end: number } {
  let total = 0;
  let current = lead;
  let end = start;
  for (let i = start; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    if (token === 'and' && i > start && tokens[i + 1] !== undefined && isNumberWord(tokens[i + 1]!)) continue;
    const unit = UNITS.get(token);
    const scale = SCALES.get(token);
    if (unit !== undefined) {
      // "one two three" is three numbers, not six: a unit only extends "twenty" or "hundred".
      if (!continuesNumber(current, unit)) break;
      current += unit;
    } else if (scale !== undefined && scale < 1000) current = (current || 1) * scale;
    else if (scale !== undefined) {
      total += (current || 1) * scale;
      current = 0;
    } else break;
    end = i + 1;
  }
  return { value: total + current, end };
}

function continuesNumber(current: number, unit: number): boolean {
  const rest = current % 100;
  return rest === 0 || (rest >= 20 && rest % 10 === 0 && unit < 10);
}

/**
 * `1st`, `2nd`, `3rd`, `11th` ... the form digits-written ordinals already have.
 * @example
 * ordinalToken(22); // '22nd'
 */
export function ordinalToken(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** The value of an ordinal token (`3rd` → 3), undefined for anything else. */
export function ordinalValue(token: string): number | undefined {
  const match = ORDINAL_DIGITS.exec(token);
  return match === null ? undefined : Number(match[1]);
}
