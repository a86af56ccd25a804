import assert from 'node:assert/strict';
import { loadUsagePolicy, parseUsagePolicy, UsagePolicyError } from '@sluice/plugin-usage-guard';
import { TEST_POLICY, writePolicy } from './usage-under-test.js';

async function refusal(policy: unknown): Promise<string> {
  const { file, remove } = await writePolicy(policy);
  try {
    await loadUsagePolicy(file);
  } catch (error) {
    assert.ok(error instanceof UsagePolicyError);
    assert.ok(error.message.startsWith(`usage policy ${file}: `), 'the message names the file');
    return error.message;
  } finally {
    await remove();
  }
  assert.fail('the policy file was accepted');
}

describe('usage policy file', () => {
  it('loads a file: policies, tenants, categories, quota windows, version', async () => {
    const { file, remove } = await writePolicy({
      ...TEST_POLICY,
      policies: { ...TEST_POLICY.policies, short: { quotas: [{ id: 'burst', window: 5, requests: 1, prompt_tokens: 10 }] } },
    });
    try {
      const policy = await loadUsagePolicy(file);
      assert.equal(policy.source, file);
      assert.equal(policy.version, 'test-1');
      assert.equal(policy.defaultPolicy, 'standard');
      assert.equal(policy.tenants.get('acme'), 'strict');
      assert.deepEqual(
        policy.categories.map((c) => c.name),
        ['legal_advice', 'medical_dosage', 'weapons'],
      );
      assert.deepEqual(policy.policies.get('strict')?.quotas, [{ id: 'daily', windowSeconds: 86400, requests: 2 }]);
      assert.deepEqual(policy.policies.get('short')?.quotas, [{ id: 'burst', windowSeconds: 5, requests: 1, promptTokens: 10 }]);
    } finally {
      await remove();
    }
  });

  it('versions a file without `version` by a hash of its content, the same whatever the key order', () => {
    const { version, ...unversioned } = TEST_POLICY;
    void version;
    const a = parseUsagePolicy(unversioned);
    const reordered = parseUsagePolicy(Object.fromEntries(Object.entries(unversioned).reverse()));
    assert.match(a.version, /^sha256:[0-9a-f]{12}$/);
    assert.equal(a.version, reordered.version);
    const changed = parseUsagePolicy({ ...unversioned, tenants: { acme: 'standard' } });
    assert.notEqual(changed.version, a.version);
  });

  it('refuses a file that is not JSON, or missing', async () => {
    assert.match(await refusal('{ "policies": '), /is not valid JSON/);
    await assert.rejects(
      loadUsagePolicy('/nonexistent/usage.json'),
      /usage policy \/nonexistent\/usage\.json: cannot be read \(ENOENT\)/,
    );
  });

  it('names each schema problem by its path', async () => {
    const message = await refusal({
      policies: { p: { quotas: [{ id: 'q', window: 'week', requests: 1 }], bogus: true } },
      default_policy: 'p',
    });
    assert.match(message, /policies\.p\.quotas\.0\.window: must be one of "minute", "hour", "day", an integer/);
    assert.match(message, /policies\.p\.bogus: must not have additional properties/);
    assert.match(await refusal({ policies: {} }), /default_policy: is required/);
  });

  it('refuses names that refer to nothing, and says what exists', async () => {
    const message = await refusal({
      categories: { weapons: { keywords: ['firearm'] } },
      policies: { p: { denied_categories: ['weapon'] } },
      default_policy: 'q',
      tenants: { acme: 'r' },
    });
    assert.match(message, /policies\.p\.denied_categories\.0: unknown category "weapon" \(known: "general", "weapons"\)/);
    assert.match(message, /default_policy: no policy named "q" in policies \("p"\)/);
    assert.match(message, /tenants\.acme: no policy named "r"/);
  });

  it('refuses a pattern that is not a regular expression, an empty category, a reserved name, a quota without a limit', async () => {
    const message = await refusal({
      categories: { broken: { patterns: ['(unclosed'] }, empty: {}, general: { keywords: ['x'] } },
      policies: {
        p: {
          quotas: [
            { id: 'q', window: 'minute' },
            { id: 'q', window: 'hour', requests: 1 },
          ],
        },
      },
      default_policy: 'p',
    });
    assert.match(message, /categories\.broken\.patterns\.0: not a valid regular expression/);
    assert.match(message, /categories\.empty: needs at least one keyword or pattern/);
    assert.match(message, /categories\.general: "general" is reserved/);
    assert.match(message, /policies\.p\.quotas\.0: needs "requests", "prompt_tokens" or both/);
    assert.match(message, /policies\.p\.quotas\.1\.id: "q" is used twice/);
  });

  it('refuses a policy name that could not be a counter key', async () => {
    assert.match(
      await refusal({ policies: { 'a b': {}, ok: {} }, default_policy: 'ok' }),
      /policies\.a b: a name must be 1-64 letters/,
    );
  });
});
