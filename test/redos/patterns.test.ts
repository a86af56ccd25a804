/**
 * Every pattern that scans client or model text runs in linear time, as recheck judges it: the rule
 * tables of the three guards (their engines and module servers use the same tables) and every regex
 * written in product source. An unsafe pattern fails naming its rule or file and recheck's attack.
 */
import assert from 'node:assert/strict';
import { PLACEHOLDER_PATTERN } from '@sluice/core';
import { DYNAMIC_SITES, NOT_CLIENT_TEXT, NOT_YET_LINEAR } from './allowed-patterns.js';
import { linearTimeVerdict } from './linear-time.js';
import { guardRulePatterns } from './rule-tables.js';
import { sourcePatterns } from './source-patterns.js';

const ROOT = new URL('../..', import.meta.url).pathname;

/** How a usage policy keyword becomes a pattern (parse-policy.ts): an escaped literal between word edges. */
const KEYWORD_SHAPE = String.raw`(?<![\p{L}\p{N}_])pipe bomb \(\.\*\+\)(?![\p{L}\p{N}_])`;

describe('ReDoS: every pattern meeting client or model text runs in linear time', function () {
  // A long request rule takes up to a minute (its alternatives, two at a time); the native analyser is used where installed.
  this.timeout(300_000);
  const began = performance.now();
  const source = sourcePatterns(ROOT);
  after(() => console.log(`      analysed in ${((performance.now() - began) / 1000).toFixed(1)} s`));

  describe('rule tables of the security, privacy and usage guards', () => {
    const table = [
      ...guardRulePatterns(),
      { rule: 'core PLACEHOLDER_PATTERN', source: PLACEHOLDER_PATTERN.source, flags: PLACEHOLDER_PATTERN.flags },
      { rule: 'usage keyword shape', source: KEYWORD_SHAPE, flags: 'iu' },
    ];
    it('has the rules of all three guards', () => {
      for (const guard of ['security', 'privacy', 'usage'])
        assert.ok(
          table.some((p) => p.rule.startsWith(`${guard} `)),
          guard,
        );
    });
    for (const pattern of table) {
      it(pattern.rule, async function () {
        const pending = NOT_YET_LINEAR.get(pattern.rule);
        if (pending !== undefined) {
          console.log(`      not yet shown linear: ${pattern.rule} (${pending})`);
          this.skip();
        }
        const verdict = await linearTimeVerdict(pattern.source, pattern.flags);
        assert.ok(verdict.safe, `${pattern.rule}: ${verdict.detail}`);
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
    for (const pattern of source.patterns) {
      const key = `${pattern.where.replace(/:\d+$/, '')} ${pattern.source}`;
      it(`${pattern.where} /${pattern.source.slice(0, 60)}/${pattern.flags}`, async function () {
        const pending = NOT_YET_LINEAR.get(key);
        if (pending !== undefined) console.log(`      not yet shown linear: ${key} (${pending})`);
        if (NOT_CLIENT_TEXT.has(key) || pending !== undefined) this.skip();
        const verdict = await linearTimeVerdict(pattern.source, pattern.flags);
        assert.ok(verdict.safe, `${pattern.where}: ${verdict.detail}`);
      });
    }
  });
});
