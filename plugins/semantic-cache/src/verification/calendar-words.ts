/** Calendar words the hit verification compares: months, weekdays, relative days and periods. */

/** "may" is left out: it is a verb far more often than a month. A Map: "constructor" is not a month. */
// prettier-ignore
const MONTHS: ReadonlyMap<string, string> = new Map(Object.entries({
  january: 'jan', jan: 'jan', february: 'feb', feb: 'feb', march: 'mar', mar: 'mar', april: 'apr',
  apr: 'apr', june: 'jun', jun: 'jun', july: 'jul', jul: 'jul', august: 'aug', aug: 'aug',
  september: 'sep', sep: 'sep', sept: 'sep', october: 'oct', oct: 'oct', november: 'nov', nov: 'nov',
  december: 'dec', dec: 'dec',
}));

/** A month's name, written out or cut short ("december", "dec"). */
export function isMonth(token: string): boolean {
  return MONTHS.has(token);
}

const DAYS = new Set(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
const RELATIVE_DAYS = new Set(['today', 'tonight', 'tomorrow', 'yesterday']);
/** Periods counted with the word before them: "this month" / "last month" / "next month". */
const RELATIVE = new Set(['this', 'last', 'next', 'previous', 'coming']);
// prettier-ignore
const PERIODS = new Set([
  'day', 'week', 'weekend', 'month', 'quarter', 'year', 'night', 'morning', 'evening', 'summer',
  'winter', 'spring', 'autumn', 'fall',
]);

/**
 * The canonical form of a calendar word, or of a relative period with the word before it; undefined
 * for any other word.
 * @example
 * calendarWord('september');       // 'sep'
 * calendarWord('month', 'last');   // 'last month'
 * calendarWord('month', 'the');    // undefined
 */
export function calendarWord(token: string, previous: string | undefined): string | undefined {
  const month = MONTHS.get(token);
  // "on a march in Nice" is no month.
  if (month !== undefined) return previous === 'a' || previous === 'an' ? undefined : month;
  if (DAYS.has(token) || RELATIVE_DAYS.has(token)) return token;
  // "on Sundays" is "on a Sunday".
  if (token.endsWith('s') && DAYS.has(token.slice(0, -1))) return token.slice(0, -1);
  if (PERIODS.has(token) && previous !== undefined && RELATIVE.has(previous))
    return `${previous === 'previous' ? 'last' : previous} ${token}`;
  return undefined;
}
