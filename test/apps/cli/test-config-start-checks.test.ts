import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { writeConfig } from './gateway-process.js';
import { sluiceProcess } from './run-sluice.js';

/** What every row adds: nothing reachable, nothing listening on a fixed port. */
const BASE = 'listen_addr 127.0.0.1:0;\nlog_level silent;\nupstream_base_url http://127.0.0.1:9/v1;\n';

/** Files the start refuses for their contents; `files` are written beside the config first. */
const REFUSED: readonly { name: string; config: string; files?: Record<string, string>; says: RegExp }[] = [
  {
    name: 'an embedding endpoint path as embedding_base_url',
    config:
      'semantic_cache_enabled on;\nembedding_provider openai_compatible;\nembedding_base_url https://embed.example/v1/embeddings;\n',
    says: /embedding_base_url: must be a provider root or a \/v1 base, not an endpoint; did you mean "https:\/\/embed\.example\/v1"\?/,
  },
  {
    name: 'an embedding endpoint path with credentials, quoted masked',
    config:
      'semantic_cache_enabled on;\nembedding_provider openai_compatible;\nembedding_base_url "https://me:emb-secret-1@embed.example/v1/embeddings";\n',
    says: /embedding_base_url: must be a provider root/,
  },
  {
    name: 'audit on without audit_url',
    config: 'audit_enabled on;\naudit_api_key k;\n',
    says: /cannot start: audit_enabled is on but audit_url is not set/,
  },
  {
    name: 'a security policy file with a guard module',
    config: 'security_guard_enabled on;\nsecurity_guard_url http://127.0.0.1:9;\nsecurity_guard_policy_file rules.json;\n',
    says: /cannot start: .*security-guard/,
  },
  {
    name: 'a missing security policy file',
    config: 'security_guard_enabled on;\nsecurity_guard_policy_file missing-rules.json;\n',
    says: /cannot start: plugin "security-guard" failed to start: .*missing-rules\.json/,
  },
  {
    name: 'a security policy file that is not JSON',
    config: 'security_guard_enabled on;\nsecurity_guard_policy_file rules.json;\n',
    files: { 'rules.json': '{ not json' },
    says: /cannot start: plugin "security-guard" failed to start: /,
  },
  {
    name: 'a usage policy file that is not a policy',
    config: 'usage_guard_enabled on;\nusage_guard_policy_file usage.json;\n',
    files: { 'usage.json': '{"policies": 3}' },
    says: /cannot start: plugin "usage-guard" failed to start: /,
  },
  {
    name: 'a missing privacy policy file',
    config: 'privacy_guard_enabled on;\nprivacy_guard_policy_file missing-privacy.json;\n',
    says: /cannot start: plugin "privacy-guard" failed to start: .*missing-privacy\.json/,
  },
];

describe('sluice gateway --test-config refuses what the start refuses, with the same message', function () {
  // Two processes a row, which take seconds on a busy machine.
  this.timeout(60_000);

  for (const row of REFUSED) {
    it(row.name, async () => {
      const file = await writeConfig(BASE + row.config);
      const dir = dirname(file);
      for (const [name, text] of Object.entries(row.files ?? {})) await writeFile(join(dir, name), text);
      // Relative policy paths are read from the working directory, as the start reads them.
      const [start, test] = await Promise.all([
        sluiceProcess(['gateway', '--config', file], {}, dir),
        sluiceProcess(['gateway', '--config', file, '--test-config'], {}, dir),
      ]);
      assert.equal(start.code, 1, `the start: ${start.err}${start.out}`);
      assert.match(start.err, row.says);
      assert.equal(test.code, 1, `--test-config: ${test.err}${test.out}`);
      assert.equal(test.err, start.err);
      assert.ok(!/secret-1/.test(start.err + test.err), start.err);
    });
  }

  it('quotes a refused URL with its credentials masked', async () => {
    const file = await writeConfig('upstream_base_url "https://me:base-secret-3@[::1";\n');
    const result = await sluiceProcess(['gateway', '--config', file, '--test-config']);
    assert.equal(result.code, 1);
    assert.match(result.err, /upstream_base_url: "https:\/\/me:\*\*\*@\[::1" is not a URL/);
    assert.ok(!result.err.includes('base-secret-3'), result.err);
  });

  it('accepts credentials in a URL the gateway does not send, with a warning naming the key directive', async () => {
    const file = await writeConfig(
      `${BASE}upstream_api_key dummy;\nsecurity_guard_enabled on;\nsecurity_guard_url "https://guard:guard-secret-2@guards.example";\n`,
    );
    const result = await sluiceProcess(['gateway', '--config', file, '--test-config']);
    assert.equal(result.code, 0, result.err);
    assert.match(result.out, /test is successful/);
    assert.match(
      result.err,
      /warning: .*:6:1: security_guard_url carries credentials \(user:password@\), which are never sent; put the key in security_guard_api_key/,
    );
    assert.ok(!/guard-secret-2|guard:/.test(result.err), result.err);
  });
});
