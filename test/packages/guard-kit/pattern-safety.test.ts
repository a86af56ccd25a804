/**
 * The ReDoS analysis the three guards run on their policy files' patterns, from the core, and each
 * guard's check of a parsed policy as its package exports it.
 */
import assert from 'node:assert/strict';
import { patternTimeProblem, topLevelAlternatives } from '@sluice/guard-kit';
import { checkPrivacyPolicyPatterns } from '@sluice/plugin-privacy-guard';
import { checkSecurityPolicyPatterns, parseSecurityPolicy } from '@sluice/plugin-security-guard';
import { checkUsagePolicyPatterns } from '@sluice/plugin-usage-guard';

describe('core guard pattern safety: policy patterns are judged for linear time', function () {
  this.timeout(60_000);

  it('passes a linear pattern and one whose alternatives are each linear', async () => {
    assert.equal(await patternTimeProblem(String.raw`\bopen sesame\b`, 'i'), undefined);
    assert.equal(await patternTimeProblem(String.raw`\bsk-[A-Za-z0-9]{20}\b|\bghp_[A-Za-z0-9]{36}\b`, 'g'), undefined);
  });

  it('refuses a super-linear pattern with its complexity and an attack string', async () => {
    const problem = await patternTimeProblem('^(a+)+$', '');
    assert.match(problem ?? '', /^pattern can take super-linear time \(exponential; attack string '.+'\)$/);
    const quadratic = await patternTimeProblem(String.raw`\s*$`, '');
    assert.match(quadratic ?? '', /degree 2 polynomial/);
  });

  it('lets the whole decide when an alternative alone is slow but the whole is not', async () => {
    // `\d+\.\d+` alone restarts on every digit of a run without a dot; in the whole, `\w+` takes the run.
    assert.match((await patternTimeProblem(String.raw`\d+\.\d+`, '')) ?? '', /super-linear/);
    assert.equal(await patternTimeProblem(String.raw`\d+\.\d+|\w+`, ''), undefined);
  });

  it('splits a pattern at its top-level bars only', () => {
    assert.deepEqual(topLevelAlternatives('a|[|]|(b|c)|\\|d'), ['a', '[|]', '(b|c)', '\\|d']);
    assert.deepEqual(topLevelAlternatives('abc'), ['abc']);
  });

  it('is what each guard checks a parsed policy with', async () => {
    const slow = '(?:a+)+!';
    await assert.rejects(
      checkSecurityPolicyPatterns(
        parseSecurityPolicy({ rules: [{ id: 'custom.slow', severity: 'low', stage: 'request', pattern: slow }] }),
      ),
      /rule custom\.slow: pattern can take super-linear time/,
    );
    await assert.rejects(
      checkPrivacyPolicyPatterns({ policies: { hr: { patterns: [{ id: 'slow', pattern: slow }] } } } as never, 'privacy.json'),
      /privacy\.json: \/policies\/hr\/patterns\/0 \(pattern slow\): pattern can take super-linear time/,
    );
    await assert.rejects(
      checkUsagePolicyPatterns(
        { categories: { x: { patterns: [slow] } }, policies: { p: {} }, default_policy: 'p' } as never,
        'usage.json',
      ),
      /categories\.x\.patterns\.0: pattern can take super-linear time/,
    );
  });
});
