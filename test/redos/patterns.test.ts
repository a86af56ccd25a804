/**
 * Every pattern that scans client or model text runs in linear time, as recheck judges it: the rule
 * tables of the three guards (their engines and module servers use the same tables) and every regex
 * written in product source. An unsafe pattern fails naming its rule or file and recheck's attack.
 * All analyses start before the first test (several at a time, each distinct pattern once) and each
 * test waits for its own verdict; the slowest analyses are printed at the end.
 */
import assert from 'node:assert/strict';
import { PLACEHOLDER_PATTERN } from '@sluice/guard-kit';
import { DYNAMIC_SITES, NOT_CLIENT_TEXT, NOT_YET_LINEAR } from './allowed-patterns.js';
import { ANALYSIS_CONCURRENCY, analysisCount, linearTimeVerdict, type LinearTimeVerdict } from './linear-time.js';
import { guardRulePatterns } from './rule-tables.js';
import { sourcePatterns } from './source-patterns.js';
import { sparedCount, writeProvenIfAsked } from './proven-linear.js';

const ROOT = new URL('../..', import.meta.url).pathname;

/** How a usage policy keyword becomes a pattern (parse-policy.ts): an escaped literal between word edges. */
const KEYWORD_SHAPE = String.raw`(?<![\p{L}\p{N}_])pipe bomb \(\.\*\+\)(?![\p{L}\p{N}_])`;
/** Patterns printed with their analysis time at the end. */
const SLOWEST_SHOWN = 10;

interface Judged {
  /** The test's name: the rule, or where the regex is written and its start. */
  readonly name: string;
  readonly source: string;
  readonly flags: string;
  /** Why it is not judged, when it is not. */
  readonly skip?: string;
}

describe('ReDoS: every pattern meeting client or model text runs in linear time', function () {
  // Every test may wait for the analyses queued before its own.
  this.timeout(300_000);
  const began = performance.now();
  const source = sourcePatterns(ROOT);
  const table: Judged[] = [
    ...guardRulePatterns().map((p) => ({ name: p.rule, source: p.source, flags: p.flags })),
    { name: 'core PLACEHOLDER_PATTERN', source: PLACEHOLDER_PATTERN.source, flags: PLACEHOLDER_PATTERN.flags },
    { name: 'usage keyword shape', source: KEYWORD_SHAPE, flags: 'iu' },
  ].map((p) => {
    const pending = NOT_YET_LINEAR.get(p.name);
    return pending === undefined ? p : { ...p, skip: `not yet shown linear: ${p.name} (${pending})` };
  });
  const written: Judged[] = source.patterns.map((p) => {
    const key = `${p.where.replace(/:\d+$/, '')} ${p.source}`;
    const pending = NOT_YET_LINEAR.get(key);
    const judged = { name: `${p.where} /${p.source.slice(0, 60)}/${p.flags}`, source: p.source, flags: p.flags };
    if (pending !== undefined) return { ...judged, skip: `not yet shown linear: ${key} (${pending})` };
    return NOT_CLIENT_TEXT.has(key) ? { ...judged, skip: '' } : judged;
  });
  const verdicts = new Map<Judged, Promise<LinearTimeVerdict>>();

  before(() => {
    for (const pattern of [...table, ...written]) {
      if (pattern.skip !== undefined) continue;
      const verdict = linearTimeVerdict(pattern.source, pattern.flags);
      // Its test awaits it; until then a failure must not count as unhandled.
      verdict.catch(() => undefined);
      verdicts.set(pattern, verdict);
    }
  });

  after(async () => {
    const timed = await Promise.all([...verdicts].map(async ([pattern, verdict]) => ({ pattern, ms: (await verdict).ms })));
    timed.sort((a, b) => b.ms - a.ms);
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `      analysed ${verdicts.size} patterns (${analysisCount()} distinct analyses, ${sparedCount()} of them proven by an earlier run, ${ANALYSIS_CONCURRENCY} at a time) in ${seconds(performance.now() - began)}; slowest:`,
    );
    if (writeProvenIfAsked()) console.log('      wrote test/redos/proven-linear.json');
    for (const { pattern, ms } of timed.slice(0, SLOWEST_SHOWN))
      console.log(`        ${seconds(ms).padStart(7)}  ${pattern.name}`);
  });

  async function judge(this: Mocha.Context, pattern: Judged): Promise<void> {
    if (pattern.skip !== undefined) {
      if (pattern.skip !== '') console.log(`      ${pattern.skip}`);
      this.skip();
    }
    const verdict = await verdicts.get(pattern)!;
    assert.ok(verdict.safe, `${pattern.name}: ${verdict.detail}`);
  }

  describe('rule tables of the security, privacy and usage guards', () => {
    it('has the rules of all three guards', () => {
      for (const guard of ['security', 'privacy', 'usage'])
        assert.ok(
          table.some((p) => p.name.startsWith(`${guard} `)),
          guard,
        );
    });
    for (const pattern of table) {
      it(pattern.name, async function () {
        await judge.call(this, pattern);
      });
    }
  });

  describe('regexes in product source', () => {
    it('finds the regexes of core, plugins and presets', () => {
      assert.ok(source.patterns.length > 100, `only ${source.patterns.length} found`);
    });
    it('knows where every RegExp built from a variable is judged', () => {
      const unknown = source.dynamicSites.filter((site) => !DYNAMIC_SITES.has(site.replace(/:\d+$/, '')));
      assert.deepEqual(unknown, [], 'add the site to DYNAMIC_SITES with where its patterns are judged');
    });
    for (const pattern of written) {
      it(pattern.name, async function () {
        await judge.call(this, pattern);
      });
    }
  });
});
