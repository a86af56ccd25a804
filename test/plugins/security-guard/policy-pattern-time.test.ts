/** A policy file whose own pattern can take super-linear time is refused at load, naming the rule and an attack. */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadSecurityPolicy, SecurityGuardEngine, startSecurityGuardServer } from '@sluice/plugin-security-guard';

const rule = (id: string, pattern: string) => ({ id, severity: 'high', stage: 'response', pattern });

describe('security engine: policy patterns are analysed for linear time at load', function () {
  this.timeout(60_000);
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sluice-security-redos-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  const policyFile = async (name: string, rules: unknown[]) => {
    const file = path.join(dir, name);
    await writeFile(file, JSON.stringify({ version: 1, rules }));
    return file;
  };

  it('refuses a super-linear pattern, naming the rule, the complexity and an attack string', async () => {
    const file = await policyFile('slow.json', [rule('custom.fine', '\\bopen sesame\\b'), rule('custom.secret', '(?:a+)+!')]);
    await assert.rejects(loadSecurityPolicy(file), (error: Error) => {
      assert.match(
        error.message,
        /^security policy .*slow\.json: rule custom\.secret: pattern can take super-linear time \(exponential; attack string 'a+/i,
      );
      assert.doesNotMatch(error.message, /custom\.fine/);
      return true;
    });
  });

  it('refuses the quadratic lookahead of a token rule replacing a built-in pattern', async () => {
    const file = await policyFile('lookahead.json', [
      { id: 'leak.openai_api_key', pattern: '\\bsk-(?=[A-Za-z_-]*\\d)[A-Za-z0-9_-]{20,}' },
    ]);
    await assert.rejects(
      loadSecurityPolicy(file),
      /rule leak\.openai_api_key: pattern can take super-linear time \(degree 2 polynomial; attack string 'sk-/i,
    );
  });

  it('loads linear patterns, and does not re-analyse the built-in rules a file only re-grades', async () => {
    const file = await policyFile('fine.json', [
      rule('custom.codeword', '\\bopen sesame\\b'),
      { id: 'leak.jwt', severity: 'low' },
    ]);
    const engine = new SecurityGuardEngine({ policy: await loadSecurityPolicy(file) });
    assert.equal(engine.rules.find((r) => r.id === 'leak.jwt')?.severity, 'low');
  });

  it('refuses it under sluice gateway --test-config, which reads the file through the same code', async () => {
    const policy = await policyFile('test-config.json', [rule('custom.secret', '(?:a+)+!')]);
    const config = path.join(dir, 'gateway.conf');
    const lines = [
      'listen_addr 127.0.0.1:0;',
      'upstream_provider openai_compatible;',
      'upstream_base_url "http://127.0.0.1:9/v1";',
      'upstream_api_key dummy;',
      'security_guard_enabled on;',
      `security_guard_policy_file ${policy};`,
    ];
    await writeFile(config, `${lines.join('\n')}\n`);
    const cli = new URL('../../../apps/cli/bin/sluice.js', import.meta.url).pathname;
    await assert.rejects(
      promisify(execFile)(process.execPath, [cli, 'gateway', '-c', config, '--test-config'], { timeout: 30_000 }),
      (error: { code?: number; stderr?: string }) => {
        assert.equal(error.code, 1);
        assert.match(error.stderr ?? '', /test-config\.json: rule custom\.secret: pattern can take super-linear time/);
        return true;
      },
    );
  });

  it('refuses it in the module server too (sluice guard security --policy)', async () => {
    const file = await policyFile('server.json', [rule('custom.secret', '^(\\w+\\s?)*$')]);
    await assert.rejects(
      startSecurityGuardServer({ listen: '127.0.0.1:0', apiKey: '', policyFile: file }),
      /rule custom\.secret: pattern can take super-linear time/,
    );
  });
});
