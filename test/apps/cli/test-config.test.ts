import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { saveSemanticSet } from '../../fixtures/semantic-set.js';
import { SLUICE_BIN, writeConfig } from './gateway-process.js';

const run = promisify(execFile);

async function sluice(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, [SLUICE_BIN, ...args], {
      env: { ...process.env, ...env },
      timeout: 20_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('sluice gateway --test-config', () => {
  it('validates the embedded default config with one confirmation line and exit 0', async () => {
    const result = await sluice(['gateway', '--config', 'config/gateway.conf', '--test-config']);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(result.stdout.trim().split('\n').length, 1);
    assert.match(result.stdout, /configuration file config\/gateway\.conf test is successful/);
  });

  it('does not connect to anything: an unreachable Redis and upstream still validate', async () => {
    const file = await writeConfig('upstream_base_url http://127.0.0.1:1/v1;\nkv_url redis://127.0.0.1:1;\nmodel_price m 1 2;\n');
    const result = await sluice(['gateway', '--config', file, '--test-config']);
    assert.equal(result.code, 0, result.stderr);
  });

  it('reports every error with file:line:col and exits 1', async () => {
    const file = await writeConfig('listen_addr 127.0.0.1:8080;\ncache_tll_seconds 10;\nstreaming_enabled maybe;\n');
    const result = await sluice(['gateway', '--config', file, '--test-config']);
    assert.equal(result.code, 1);
    assert.match(
      result.stderr,
      new RegExp(`${file}:2:1: unknown directive "cache_tll_seconds"; did you mean "cache_ttl_seconds"\\?`),
    );
    assert.match(result.stderr, new RegExp(`${file}:3:19: streaming_enabled: <flag> must be on, off, true or false`));
  });

  it('rejects a full endpoint path as upstream_base_url with a hint', async () => {
    const file = await writeConfig('upstream_base_url https://api.openai.com/v1/chat/completions;\n');
    const result = await sluice(['gateway', '--config', file, '--test-config']);
    assert.equal(result.code, 1);
    assert.match(result.stderr, /:1:1: upstream_base_url: .*https:\/\/api\.openai\.com\/v1/);
  });

  it('refuses a saved in-process semantic store of another length, naming the directive that keeps it', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sluice-test-config-'));
    try {
      // A store left by an earlier release, whose local embedder made 512 numbers by default.
      await saveSemanticSet(join(dataDir, 'live'), 512);
      const semantic = `model_price m 1 2;\nsemantic_cache_enabled on;\nsemantic_cache_data_dir "${dataDir}";\n`;
      const refused = await sluice(['gateway', '--config', await writeConfig(semantic), '--test-config']);
      assert.equal(refused.code, 1);
      assert.match(
        refused.stderr,
        /holds vectors of 512 dimensions and the embedder makes 256\. To keep it, set embedding_local_dims 512/,
      );
      assert.equal(refused.stdout, '');

      const kept = await writeConfig(`${semantic}embedding_local_dims 512;\n`);
      assert.equal((await sluice(['gateway', '--config', kept, '--test-config'])).code, 0);
      // Observe mode opens the evaluation store, which holds nothing yet.
      const observe = await writeConfig(`${semantic}gw_enforcement_mode observe;\n`);
      assert.equal((await sluice(['gateway', '--config', observe, '--test-config'])).code, 0);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('names a missing file', async () => {
    const result = await sluice(['gateway', '--config', '/nonexistent/gateway.conf', '--test-config']);
    assert.equal(result.code, 1);
    assert.match(result.stderr, /cannot read configuration file \/nonexistent\/gateway\.conf/);
  });
});

describe('sluice gateway --print-config', () => {
  it('prints the resolved config with every secret masked', async () => {
    const file = await writeConfig('upstream_api_key "${KEY}";\nkv_url "redis://:hunter2@127.0.0.1:6379";\nmodel_price m 1 2;\n');
    const result = await sluice(['gateway', '--config', file, '--print-config'], { KEY: 'sk-live-abcdef123456' });
    assert.equal(result.code, 0, result.stderr);
    assert.doesNotMatch(result.stdout, /sk-live-abcdef123456|hunter2/);
    assert.match(result.stdout, /^upstream_api_key \*{8};$/m);
    assert.match(result.stdout, /^kv_url \*{8};$/m);
    assert.match(result.stdout, /^cache_ttl_seconds 86400; # default$/m);
    assert.match(result.stdout, /^model_price m 1 2;$/m);
  });

  it('prints a placeholder key as it is', async () => {
    const file = await writeConfig('upstream_api_key dummy;\n');
    const result = await sluice(['gateway', '--config', file, '--print-config']);
    assert.match(result.stdout, /^upstream_api_key dummy;$/m);
  });
});

describe('sluice (no command)', () => {
  it('prints usage and exits 2 (a usage error); unknown commands are named', async () => {
    assert.equal((await sluice([])).code, 2);
    const unknown = await sluice(['gatewya']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /unknown command "gatewya"/);
  });
});
