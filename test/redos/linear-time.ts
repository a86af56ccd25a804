/**
 * recheck's verdict on one pattern, with the native analyser (recheck-linux-x64 and its kin) where it is
 * installed. A pattern with top-level alternatives is judged by each of them first: the cost of `a|b`
 * at a position is at most the cost of `a` plus the cost of `b` there, so `a|b` is linear when `a` and
 * `b` are; otherwise the whole is judged.
 *
 * The native analyser is one child process that answers requests concurrently, so analyses are sent
 * several at a time (as many as there are cores, at least two), and a pattern or alternative met twice
 * in a run (a rule's piece shared by several rules, a regex copied in two files) is analysed once.
 */
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { topLevelAlternatives } from '@sluice/guard-kit';
import { check, type Diagnostics } from 'recheck';
import { provenLinear, recordLinear } from './proven-linear.js';

export interface LinearTimeVerdict {
  readonly safe: boolean;
  /** Empty when safe; else the complexity and attack string, or why the analysis gave up. */
  readonly detail: string;
  /** Time the analyses this verdict needed took, in ms (an analysis shared with another pattern counts for both). */
  readonly ms: number;
}

/** Per pattern (or alternative); generous, since a timeout is a failure. */
export const ANALYSIS_TIMEOUT_MS = 60_000;

/** Analyses in flight at once; the native analyser runs them on its own threads. */
export const ANALYSIS_CONCURRENCY = Math.max(2, availableParallelism());

const NATIVE_PACKAGE: Partial<Record<string, string>> = { linux: 'linux', darwin: 'macos', win32: 'windows' };

/**
 * The native analyser when its package is installed: without it recheck would fall back, without a
 * word, to its Java or JavaScript analysers, which are many times slower.
 */
function preferNativeAnalyser(): void {
  if (process.env.RECHECK_BACKEND !== undefined) return;
  const platform = NATIVE_PACKAGE[process.platform];
  if (platform === undefined) return;
  try {
    createRequire(import.meta.url).resolve(`recheck-${platform}-${process.arch}/package.json`);
    process.env.RECHECK_BACKEND = 'native';
  } catch {
    // Not installed on this platform: recheck picks what there is.
  }
}
preferNativeAnalyser();

interface Analysis {
  readonly diagnostics: Diagnostics;
  readonly ms: number;
}

/** This run's analyses by flags and source, so each is made once. Never written anywhere. */
const analyses = new Map<string, Promise<Analysis>>();

/**
 * @example
 * await linearTimeVerdict('^(a+)+$', ''); // { safe: false, detail: 'exponential …', ms: 120 }
 */
export async function linearTimeVerdict(source: string, flags: string): Promise<LinearTimeVerdict> {
  const judgedFlags = flags.replace(/[gdy]/g, '');
  const alternatives = topLevelAlternatives(source);
  if (alternatives.length === 1) {
    const whole = await analyse(source, judgedFlags);
    return verdict(whole.diagnostics, whole.ms);
  }
  // Each alternative is smaller and judged faster and more surely than the whole.
  const parts = await Promise.all(alternatives.map((alternative) => analyse(alternative, judgedFlags)));
  const partsMs = parts.reduce((sum, part) => sum + part.ms, 0);
  const bad = parts.findIndex((part) => part.diagnostics.status !== 'safe');
  if (bad === -1) return { safe: true, detail: '', ms: partsMs };
  // An alternative alone may be slow where the whole is not: in `\d+\.\d+|\w+` the second takes the
  // digits the first would restart on. The whole decides then.
  const whole = await analyse(source, judgedFlags);
  const judged = verdict(whole.diagnostics, partsMs + whole.ms);
  const part = verdict(parts[bad]!.diagnostics, 0);
  return judged.safe ? judged : { ...judged, detail: `${judged.detail}; alternative ${bad + 1}: ${part.detail}` };
}

function analyse(source: string, flags: string): Promise<Analysis> {
  const key = `${flags}/${source}`;
  let analysis = analyses.get(key);
  if (analysis === undefined && provenLinear(source, flags)) {
    analysis = Promise.resolve({ diagnostics: PROVEN, ms: 0 });
    analyses.set(key, analysis);
  }
  if (analysis === undefined) {
    analysis = inSlot(async () => {
      const began = performance.now();
      // Step limits only, no time limits inside the analysis: a loaded machine must not change a verdict.
      const diagnostics = await check(source, flags, {
        timeout: ANALYSIS_TIMEOUT_MS,
        incubationTimeout: null,
        attackTimeout: null,
        seedingTimeout: null,
      });
      if (diagnostics.status === 'safe') recordLinear(source, flags);
      return { diagnostics, ms: performance.now() - began };
    });
    analyses.set(key, analysis);
  }
  return analysis;
}

/** What recheck said of a pattern it proved linear in an earlier run (proven-linear.ts). */
const PROVEN = { status: 'safe' } as Diagnostics;

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `task` when fewer than ANALYSIS_CONCURRENCY tasks run; a finished task hands its slot on. */
async function inSlot<T>(task: () => Promise<T>): Promise<T> {
  if (running < ANALYSIS_CONCURRENCY) running += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await task();
  } finally {
    const next = waiting.shift();
    if (next === undefined) running -= 1;
    else next();
  }
}

/** Distinct analyses made so far in this run. */
export function analysisCount(): number {
  return analyses.size;
}

function verdict(diagnostics: Diagnostics, ms: number): LinearTimeVerdict {
  if (diagnostics.status === 'safe') return { safe: true, detail: '', ms };
  if (diagnostics.status === 'vulnerable') {
    return { safe: false, detail: `${diagnostics.complexity.summary}, attack ${diagnostics.attack.pattern.slice(0, 120)}`, ms };
  }
  const error = diagnostics.error;
  return { safe: false, detail: `unknown (${error.kind}${'message' in error ? `: ${error.message}` : ''})`, ms };
}
