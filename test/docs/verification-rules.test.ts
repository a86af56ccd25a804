/**
 * The hit verification's rules as the docs name them: every rule of `semantic_verify_rules` is a row of
 * the rules table in docs/semantic-cache.md and a `result` of `gw_semantic_verification_results_total`
 * in docs/reference/metrics.md, so a rule added to the code cannot go undocumented.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { VERIFICATION_RULES } from '../../plugins/semantic-cache/src/verification/verify-pair.js';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

describe('docs: the hit verification rules', () => {
  it('lists every rule in the rules table of docs/semantic-cache.md, in the order they are tried', () => {
    const rows = read('docs/semantic-cache.md')
      .split('\n')
      .map((line) => /^\| `([a-z]+)`(?: \([^)]*\))? \|/.exec(line)?.[1])
      .filter((rule): rule is string => rule !== undefined && (VERIFICATION_RULES as readonly string[]).includes(rule));
    assert.deepEqual(rows, [...VERIFICATION_RULES]);
  });

  it('names every rule as a result of gw_semantic_verification_results_total in docs/reference/metrics.md', () => {
    const row = read('docs/reference/metrics.md')
      .split('\n')
      .find((line) => line.startsWith('| `gw_semantic_verification_results_total`'));
    assert.ok(row !== undefined);
    assert.deepEqual(
      VERIFICATION_RULES.filter((rule) => !row.includes(`\`${rule}\``)),
      [],
      'rules the metrics reference does not name',
    );
  });
});
