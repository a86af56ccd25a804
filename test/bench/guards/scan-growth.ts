/**
 * `npm run bench -- scan-growth`: how each guard rule's scan time grows with adversarial input. For
 * every built-in rule (security request and response rules, each alone as the engine counts it, and
 * the text variants every request scan builds; privacy detectors; usage matchers), the
 * inputs that cost it most at 16 KB (repeated prefixes such as `sk-`, `xoxb-`, `password=`, digit runs,
 * `@` and dot runs, base64 runs, and the attack recheck reports for the rule) are scanned at 16, 32,
 * 64 and 128 KB. Linear time means 128 KB costs about 8 times 16 KB; the bench fails above
 * BENCH_SCAN_GROWTH_MAX_RATIO (default 12).
 */
import { BUILTIN_DETECTORS } from '@sluice/plugin-privacy-guard';
import { compileRule, countMatches, REQUEST_RULES, RESPONSE_RULES, SecurityGuardEngine } from '@sluice/plugin-security-guard';
import { builtinUsagePolicy } from '@sluice/plugin-usage-guard';
import { check } from 'recheck';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// A full collection before each timed scan, so garbage of the previous scan is not charged to this one.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

const SIZES_KB = [16, 32, 64, 128] as const;
const MAX_RATIO = Number(process.env.BENCH_SCAN_GROWTH_MAX_RATIO ?? 12);
/** Under this at 128 KB a scan is too fast for its ratio to mean anything (timer and GC noise). */
const NOISE_MS = Number(process.env.BENCH_SCAN_GROWTH_NOISE_MS ?? 20);
/** Inputs timed per rule at every size: the costliest seeds at 16 KB. */
const WORST_SEEDS = 2;
const RUNS = 5;

/** Units repeated to the input size: each targets some rule's prefix, run or separator. */
const SEEDS: readonly string[] = [
  // The anchors of rules that read a fixed window after their match in code.
  'as AI ',
  'act as an AI with ',
  'I am the admin ',
  'as the admin disable ',
  'decode follow ',
  'sk-',
  'sk-proj-',
  'sk-ant-',
  'sk-ant-a1-',
  'xoxb-',
  'xoxb-a-',
  'password=',
  'pwd:.',
  'password: x',
  'secret_key=',
  'bearer ',
  'Bearer a',
  'eyJ',
  'eyJaaaaaaa-',
  'eyJaaaaaaaa.',
  'aB3+',
  'AKIA',
  'ghp_',
  'github_pat_',
  'AIza',
  'sk_live_',
  '-----BEGIN ',
  '-----BEGIN A ',
  '4',
  '4 ',
  '4-',
  '0',
  '+1',
  '+1 ',
  '1.',
  '1.2.',
  '(555) ',
  '555-',
  '020 ',
  '0 1',
  '123-45-',
  'a@',
  '@a',
  'a.',
  'a@a.',
  'a-',
  '.a',
  'DE89',
  'GB82 ',
  'GB',
  'A1',
  'a',
  'A',
  ' ',
  '\t',
  '\n',
  ' \n',
  'ignore ',
  'ignore all previous ',
  'said to ',
  'how do I ',
  'you are ',
  'as ',
  'DAN ',
  'your ',
  'reveal ',
  'system: ',
  '<!--',
  '<!-- AI ',
  'decode ',
  'AAAA',
  'x ',
  '1 mg ',
  'how much ',
  'build ',
  'a:',
  '#',
];

interface Scanner {
  readonly rule: string;
  readonly scan: (text: string) => unknown;
  /** Pattern sources whose recheck attack strings join the seeds. */
  readonly patterns: readonly { source: string; flags: string }[];
}

function securityScanners(): Scanner[] {
  const all = [...REQUEST_RULES, ...RESPONSE_RULES];
  const rules = all.map((spec) => {
    const rule = compileRule(spec);
    return {
      rule: `security ${spec.id}`,
      scan: (text: string) => countMatches(rule, text),
      patterns: [{ source: spec.pattern, flags: spec.flags ?? 'i' }],
    };
  });
  // What every request scan does before its rules: normalisation, the deobfuscated variant, base64 blobs.
  const none = new SecurityGuardEngine({
    policy: { builtin_rules: false, rules: [] },
  });
  const texts: Scanner = {
    rule: 'security request text variants',
    scan: (text: string) => none.scan({ stage: 'request', messages: [{ role: 'user', content: text }] }),
    patterns: [],
  };
  return [...rules, texts];
}

function privacyScanners(): Scanner[] {
  const seen = new Map<string, number>();
  return BUILTIN_DETECTORS.map((detector) => {
    const n = (seen.get(detector.id) ?? 0) + 1;
    seen.set(detector.id, n);
    const patterns = (detector as { patterns?: readonly RegExp[] }).patterns ?? [];
    return {
      rule: `privacy ${detector.id}${n === 1 ? '' : ` #${n}`}`,
      scan: (text: string) => detector.find(text),
      patterns: patterns.map((p) => ({ source: p.source, flags: p.flags })),
    };
  });
}

function usageScanners(): Scanner[] {
  return builtinUsagePolicy().categories.flatMap((category) =>
    category.matchers.map((matcher, i) => ({
      rule: `usage ${category.name} #${i}`,
      scan: (text: string) => matcher.test(text),
      patterns: [{ source: matcher.source, flags: matcher.flags }],
    })),
  );
}

/** The repeated units of recheck's attack on a pattern, if it finds one within 10 s. */
async function attackSeeds(patterns: Scanner['patterns']): Promise<string[]> {
  const seeds: string[] = [];
  for (const { source, flags } of patterns) {
    const verdict = await check(source, flags.replace(/[gdy]/g, ''), { timeout: 10_000 });
    if (verdict.status !== 'vulnerable') continue;
    const { pumps, suffix } = verdict.attack;
    // One unit: every pump's prefix and pump once, then the suffix that makes the match fail.
    seeds.push(`${pumps.map((p) => p.prefix + p.pump).join('')}\u0000${suffix}`);
    for (const pump of pumps) seeds.push(pump.pump);
  }
  return seeds;
}

function input(seed: string, kb: number): string {
  const size = kb * 1024;
  return seed.repeat(Math.ceil(size / seed.length)).slice(0, size);
}

function timeScan(scanner: Scanner, text: string): number {
  let best = Infinity;
  for (let run = 0; run < RUNS; run += 1) {
    collect();
    const started = performance.now();
    scanner.scan(text);
    best = Math.min(best, performance.now() - started);
    // A scan this slow is not noise: once is enough.
    if (best > 500) break;
  }
  return best;
}

interface GrowthRow {
  readonly rule: string;
  readonly seed: string;
  readonly ms: readonly number[];
  readonly ratio: number;
  readonly linear: boolean;
}

async function growth(scanner: Scanner): Promise<GrowthRow[]> {
  const seeds = [...SEEDS, ...(await attackSeeds(scanner.patterns))];
  const costs = seeds.map((seed) => ({ seed, ms: timeScan(scanner, input(seed, SIZES_KB[0])) }));
  costs.sort((a, b) => b.ms - a.ms);
  return costs.slice(0, WORST_SEEDS).map(({ seed }) => {
    const ms = SIZES_KB.map((kb) => timeScan(scanner, input(seed, kb)));
    const ratio = ms[ms.length - 1]! / Math.max(ms[0]!, 0.001);
    return { rule: scanner.rule, seed, ms, ratio, linear: ratio <= MAX_RATIO || ms[ms.length - 1]! < NOISE_MS };
  });
}

function shown(seed: string): string {
  const text = JSON.stringify(seed);
  return text.length <= 24 ? text : `${text.slice(0, 21)}…"`;
}

/**
 * @example
 * await benchScanGrowth(); // prints rule × size → ms and fails (exit code 1) on a super-linear rule
 */
export async function benchScanGrowth(): Promise<void> {
  const only = process.env.BENCH_SCAN_GROWTH_RULE;
  const scanners = [...securityScanners(), ...privacyScanners(), ...usageScanners()].filter(
    (scanner) => only === undefined || scanner.rule.includes(only),
  );
  const began = performance.now();
  const header = ['rule', 'input (repeated)', ...SIZES_KB.map((kb) => `${kb} KB ms`), '128/16'];
  console.log(header.join(' | '));
  console.log(header.map(() => '---').join(' | '));
  const slow: GrowthRow[] = [];
  for (const scanner of scanners) {
    for (const row of await growth(scanner)) {
      if (!row.linear) slow.push(row);
      const cells = [
        row.rule,
        shown(row.seed),
        ...row.ms.map((ms) => ms.toFixed(2)),
        `${row.ratio.toFixed(1)}${row.linear ? '' : ' ✗'}`,
      ];
      console.log(cells.join(' | '));
    }
  }
  console.log(
    `\n${scanners.length} rules in ${((performance.now() - began) / 1000).toFixed(0)} s; a ratio near 8 is linear, 64 quadratic`,
  );
  if (slow.length > 0) {
    console.error(`super-linear (128/16 over ${MAX_RATIO}): ${[...new Set(slow.map((row) => row.rule))].join(', ')}`);
    process.exitCode = 1;
  }
}
