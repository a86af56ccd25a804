/** A privacy policy file whose own pattern can take super-linear time is refused at load, naming the pattern. */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadPrivacyPolicies, startPrivacyGuardServer } from '@sluice/plugin-privacy-guard';

describe('privacy engine: policy patterns are analysed for linear time at load', function () {
  this.timeout(60_000);
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sluice-privacy-redos-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  const policyFile = async (name: string, patterns: unknown[]) => {
    const file = path.join(dir, name);
    await writeFile(file, JSON.stringify({ policies: { default: {}, hr: { patterns } } }));
    return file;
  };

  it('refuses a super-linear pattern, naming where it is and an attack string', async () => {
    const file = await policyFile('slow.json', [
      { id: 'employee_id', pattern: 'EMP-\\d{6}' },
      { id: 'case_no', pattern: 'CASE-(?:\\d+)+X' },
    ]);
    await assert.rejects(loadPrivacyPolicies(file), (error: Error) => {
      assert.match(
        error.message,
        /slow\.json: \/policies\/hr\/patterns\/1 \(pattern case_no\): pattern can take super-linear time \(exponential; attack string 'CASE-/,
      );
      assert.doesNotMatch(error.message, /employee_id/);
      return true;
    });
  });

  it('loads linear patterns', async () => {
    const policies = await loadPrivacyPolicies(
      await policyFile('fine.json', [{ id: 'employee_id', pattern: 'EMP-\\d{6}', flags: 'i' }]),
    );
    assert.equal(policies.get('hr')?.detectors.length, 1);
  });

  it('refuses it in the module server too (sluice guard privacy --policy)', async () => {
    const file = await policyFile('server.json', [{ id: 'ticket', pattern: 'T-[a-z0-9]*(?=[a-z]*\\d)[a-z0-9]+;' }]);
    await assert.rejects(
      startPrivacyGuardServer({ listen: '127.0.0.1:0', apiKey: '', policyFile: file }),
      /\(pattern ticket\): pattern can take super-linear time/,
    );
  });
});
