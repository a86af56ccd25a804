/**
 * recheck's verdict on one pattern, with the native analyser (recheck-linux-x64) where it is installed.
 * A pattern with top-level alternatives is judged by each of them first: the cost of `a|b` at a
 * position is at most the cost of `a` plus the cost of `b` there, so `a|b` is linear when `a` and `b`
 * are; otherwise the whole is judged.
 */
import { check, type Diagnostics } from 'recheck';

export interface LinearTimeVerdict {
  readonly safe: boolean;
  /** Empty when safe; else the complexity and attack string, or why the analysis gave up. */
  readonly detail: string;
}

/** Per pattern (or alternative); generous, since a timeout is a failure. */
export const ANALYSIS_TIMEOUT_MS = 60_000;

/**
 * @example
 * await linearTimeVerdict('^(a+)+$', ''); // { safe: false, detail: 'exponential …' }
 */
export async function linearTimeVerdict(source: string, flags: string): Promise<LinearTimeVerdict> {
  const alternatives = topLevelAlternatives(source);
  if (alternatives.length === 1) return verdict(await analyse(source, flags));
  // Each alternative is smaller and judged faster and more surely than the whole; two at a time.
  const verdicts: LinearTimeVerdict[] = new Array<LinearTimeVerdict>(alternatives.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < alternatives.length; i = next++) verdicts[i] = verdict(await analyse(alternatives[i]!, flags));
  };
  await Promise.all([worker(), worker()]);
  const bad = verdicts.findIndex((part) => !part.safe);
  if (bad === -1) return { safe: true, detail: '' };
  // An alternative alone may be slow where the whole is not: in `\d+\.\d+|\w+` the second takes the
  // digits the first would restart on. The whole decides then.
  const whole = verdict(await analyse(source, flags));
  return whole.safe ? whole : { safe: false, detail: `${whole.detail}; alternative ${bad + 1}: ${verdicts[bad]!.detail}` };
}

async function analyse(source: string, flags: string): Promise<Diagnostics> {
  // Step limits only, no time limits inside the analysis: a loaded machine must not change a verdict.
  return check(source, flags.replace(/[gdy]/g, ''), {
    timeout: ANALYSIS_TIMEOUT_MS,
    incubationTimeout: null,
    attackTimeout: null,
    seedingTimeout: null,
  });
}

function verdict(diagnostics: Diagnostics): LinearTimeVerdict {
  if (diagnostics.status === 'safe') return { safe: true, detail: '' };
  if (diagnostics.status === 'vulnerable') {
    return { safe: false, detail: `${diagnostics.complexity.summary}, attack ${diagnostics.attack.pattern.slice(0, 120)}` };
  }
  const error = diagnostics.error;
  return { safe: false, detail: `unknown (${error.kind}${'message' in error ? `: ${error.message}` : ''})` };
}

/**
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
