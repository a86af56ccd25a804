/**
 * Patterns an earlier run of recheck proved linear, kept in proven-linear.json by the digest of the
 * analyser's version, the flags and the source. Proving a guard's rule table takes minutes, most of it
 * on patterns nobody changed; a pattern whose text, flags or analyser changed has another digest and is
 * analysed again. Only "safe" is kept: a vulnerable or unknown verdict is analysed every run, and fails.
 *
 * `REDOS_PROVE_ALL=1` ignores the file (every pattern analysed), and `REDOS_WRITE_PROVEN=1` rewrites it
 * with the safe verdicts of the run, dropping digests of patterns no longer written anywhere:
 * `REDOS_PROVE_ALL=1 REDOS_WRITE_PROVEN=1 npx mocha test/redos/patterns.test.ts`.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const FILE = new URL('./proven-linear.json', import.meta.url);

interface ProvenFile {
  readonly comment: string;
  readonly digests: readonly string[];
}

const RECHECK_VERSION = (createRequire(import.meta.url)('recheck/package.json') as { version: string }).version;

/** The digest an analysis of `source` with `flags` is kept under. */
export function analysisDigest(source: string, flags: string): string {
  return createHash('sha256').update(`recheck ${RECHECK_VERSION}\n${flags}\n${source}`).digest('hex');
}

function readProven(): ReadonlySet<string> {
  if (process.env.REDOS_PROVE_ALL === '1') return new Set();
  try {
    return new Set((JSON.parse(readFileSync(FILE, 'utf8')) as ProvenFile).digests);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Set();
    throw error;
  }
}

const proven = readProven();
const provenThisRun = new Set<string>();

/** Whether recheck, at this version, already proved `source` with `flags` linear. */
export function provenLinear(source: string, flags: string): boolean {
  const digest = analysisDigest(source, flags);
  if (!proven.has(digest)) return false;
  provenThisRun.add(digest);
  return true;
}

/** Records a safe verdict of this run. */
export function recordLinear(source: string, flags: string): void {
  provenThisRun.add(analysisDigest(source, flags));
}

/** How many analyses the file spared this run. */
export function sparedCount(): number {
  return [...provenThisRun].filter((digest) => proven.has(digest)).length;
}

/** With `REDOS_WRITE_PROVEN=1`, writes this run's safe verdicts; returns whether it wrote. */
export function writeProvenIfAsked(): boolean {
  if (process.env.REDOS_WRITE_PROVEN !== '1') return false;
  const file: ProvenFile = {
    comment: 'Digests of patterns recheck proved linear; see test/redos/proven-linear.ts. Regenerate, never edit.',
    digests: [...provenThisRun].sort(),
  };
  writeFileSync(FILE, `${JSON.stringify(file, null, 2)}\n`);
  return true;
}
