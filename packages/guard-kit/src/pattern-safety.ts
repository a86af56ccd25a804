/**
 * Whether a pattern from a policy file runs in linear time: judged by recheck's ReDoS analysis when
 * the file loads, so a pattern that backtracks super-linearly on some text is refused before it can
 * block the event loop on a crafted request or answer.
 */
import { check, type Diagnostics } from 'recheck';

/**
 * How long one pattern may be analysed. A pattern whose analysis runs out of time is refused: a
 * policy must not depend on a pattern nobody could show to be linear.
 * @example
 * await patternTimeProblem('\\bopen sesame\\b', 'i', { timeoutMs: PATTERN_ANALYSIS_TIMEOUT_MS * 2 });
 */
export const PATTERN_ANALYSIS_TIMEOUT_MS = 5000;

/**
 * How long the analysis of one pattern may take.
 * @example
 * const problem = await patternTimeProblem(rule.pattern, 'iu', { timeoutMs: 10_000 } satisfies PatternAnalysisOptions);
 */
export interface PatternAnalysisOptions {
  /** Per pattern (and per alternative); default `PATTERN_ANALYSIS_TIMEOUT_MS`. A pattern not shown linear in time is refused. */
  readonly timeoutMs?: number;
}

/**
 * Undefined when the pattern is linear; else why it is refused, e.g. `pattern can take super-linear
 * time (degree 2 polynomial; attack string 'sk-sk-sk-sk-…\x00')`. A pattern is judged alternative by
 * alternative first: a top-level `a|b` costs at most what `a` and `b` cost, and each part is judged
 * faster and more surely than the whole; when a part is not shown linear, the whole decides.
 * @example
 * await patternTimeProblem('^(a+)+$', ''); // 'pattern can take super-linear time (exponential; attack string …)'
 */
export async function patternTimeProblem(
  source: string,
  flags: string,
  options: PatternAnalysisOptions = {},
): Promise<string | undefined> {
  const timeout = options.timeoutMs ?? PATTERN_ANALYSIS_TIMEOUT_MS;
  const alternatives = topLevelAlternatives(source);
  const verdicts = await Promise.all(alternatives.map((alternative) => analyse(alternative, flags, timeout)));
  if (verdicts.every((verdict) => verdict.status === 'safe')) return undefined;
  // An alternative alone may be slow where the whole is not (in `\d+\.\d+|\w+` the second takes the
  // digits the first would restart on): the whole decides then.
  const whole = alternatives.length === 1 ? verdicts[0]! : await analyse(source, flags, timeout);
  if (whole.status === 'safe') return undefined;
  return whole.status === 'vulnerable' ? vulnerable(whole) : unknown(whole, timeout);
}

async function analyse(source: string, flags: string, timeout: number): Promise<Diagnostics> {
  // `g` and `d` change no matching time; recheck judges the search a scan performs either way.
  return check(source, flags.replace(/[gd]/g, ''), { timeout });
}

function vulnerable(verdict: Extract<Diagnostics, { status: 'vulnerable' }>): string {
  const summary = verdict.complexity.type === 'exponential' ? 'exponential' : `degree ${verdict.complexity.degree} polynomial`;
  return `pattern can take super-linear time (${summary}; attack string ${shortAttack(verdict.attack.string)})`;
}

function unknown(verdict: Diagnostics, timeout: number): string {
  const error = verdict.status === 'unknown' ? verdict.error : undefined;
  if (error?.kind === 'timeout') {
    return `pattern could not be shown to run in linear time within ${timeout / 1000} s: simplify it or split it into several rules`;
  }
  const detail = error !== undefined && 'message' in error ? `: ${error.message}` : '';
  return `pattern could not be analysed for linear time (${error?.kind ?? 'unknown'}${detail})`;
}

/** The attack's start and end, printable: `'sk-sk-sk-sk-…\x00'`. */
function shortAttack(attack: string): string {
  const shown = attack.length <= 24 ? attack : `${attack.slice(0, 16)}…${attack.slice(-4)}`;
  let printable = '';
  for (const c of shown) {
    const code = c.charCodeAt(0);
    if (c === '\\' || c === "'") printable += `\\${c}`;
    else if (code < 0x20 || code === 0x7f) printable += `\\x${code.toString(16).padStart(2, '0')}`;
    else printable += c;
  }
  return `'${printable}'`;
}

/**
 * The top-level alternatives of a pattern source (`a|b(c|d)` → `a`, `b(c|d)`); one when there is no
 * top-level `|`.
 * @example
 * topLevelAlternatives('a|[|]|(b|c)'); // ['a', '[|]', '(b|c)']
 */
export function topLevelAlternatives(source: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let inClass = false;
  let start = 0;
  for (let i = 0; i < source.length; i += 1) {
    const c = source[i];
    if (c === '\\') i += 1;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') depth += 1;
    else if (c === ')') depth -= 1;
    else if (c === '|' && depth === 0) {
      parts.push(source.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(source.slice(start));
  return parts;
}
