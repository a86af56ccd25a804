/** A usage policy file whose category pattern can take super-linear time is refused at load, naming the pattern. */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadUsagePolicy, startUsageGuardServer, UsagePolicyError } from '@sluice/plugin-usage-guard';

describe('usage engine: policy patterns are analysed for linear time at load', function () {
  this.timeout(60_000);
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sluice-usage-redos-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  const policyFile = async (name: string, patterns: string[]) => {
    const file = path.join(dir, name);
    const categories = { finance: { keywords: ['(a+)+ is a keyword, escaped'], patterns } };
    await writeFile(file, JSON.stringify({ categories, policies: { open: {} }, default_policy: 'open' }));
    return file;
  };

  it('refuses a super-linear pattern, naming it and an attack string', async () => {
    const file = await policyFile('slow.json', ['\\bstock tips?\\b', '\\b(?:\\w+\\s?)+\\$']);
    await assert.rejects(loadUsagePolicy(file), (error: unknown) => {
      assert.ok(error instanceof UsagePolicyError);
      assert.equal(error.problems.length, 1);
      assert.match(
        error.problems[0] ?? '',
        /^categories\.finance\.patterns\.1: pattern can take super-linear time \(exponential; attack string '/,
      );
      return true;
    });
  });

  it('loads linear patterns and keywords', async () => {
    const policy = await loadUsagePolicy(await policyFile('fine.json', ['\\bstock tips?\\b']));
    assert.equal(policy.categories[0]?.matchers.length, 2);
  });

  it('refuses it in the module server too (sluice guard usage --policy)', async () => {
    const file = await policyFile('server.json', ['(?:x|x)*y']);
    await assert.rejects(
      startUsageGuardServer({ listen: '127.0.0.1:0', apiKey: '', policyFile: file }),
      /categories\.finance\.patterns\.0: pattern can take super-linear time/,
    );
  });
});
