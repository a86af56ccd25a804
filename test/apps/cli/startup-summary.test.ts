import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TOPIC_GUARD_SOURCE, writePluginPackages, type PluginPackages } from '../../fixtures/plugin-packages.js';
import { saveSemanticSet } from '../../fixtures/semantic-set.js';
import { startGatewayProcess } from './gateway-process.js';

/** Several features on at once, each with a secret the summary must not show. */
const config = (dataDir: string) => `listen_addr 127.0.0.1:0;
log_level silent;
gw_enforcement_mode observe;
streaming_enabled on;
upstream_base_url http://127.0.0.1:9/v1;
upstream_api_key sk-upstream-secret-1111;
kv_url "redis://:kv-password-2222@127.0.0.1:1/0";
semantic_cache_enabled on;
semantic_cache_data_dir ${dataDir};
security_guard_enabled on;
privacy_guard_enabled on;
privacy_guard_url "http://guard-user:guard-password-3333@127.0.0.1:9";
privacy_guard_api_key privacy-key-4444;
usage_guard_enabled on;
guard_fail_open on;
audit_enabled on;
audit_url "http://127.0.0.1:9/ingest/audit-token-5555";
audit_api_key audit-key-6666;
dashboard_enabled on;
plugin @acme/sluice-topic-guard { allowed_topics billing; }
`;

const SECRETS = ['1111', '2222', 'guard-user', '3333', '4444', '5555', '6666'];

describe('sluice gateway: the start-up summary', function () {
  // Each case starts the installed command as a process, which takes seconds on a busy machine.
  this.timeout(60_000);
  let packages: PluginPackages;
  let dir: string;
  before(async () => {
    packages = await writePluginPackages({ '@acme/sluice-topic-guard': TOPIC_GUARD_SOURCE });
    dir = await mkdtemp(join(tmpdir(), 'sluice-summary-'));
  });
  after(async () => {
    await packages?.remove();
    await rm(dir, { recursive: true, force: true });
  });

  it('follows the listening line: mode, caches, guards, audit, plugins, metrics, probes, dashboard; no secret', async () => {
    const file = join(packages.dir, 'gateway.conf');
    await writeFile(file, config(join(dir, 'semantic')));
    const { child, url } = await startGatewayProcess(file);
    try {
      const last = await child.waitForLine(/^ {2}clients /, 10_000);
      const start = child.lines.findIndex((line) => line.startsWith('sluice gateway listening on '));
      const summary = child.lines.slice(start + 1, child.lines.indexOf(last) + 1);
      assert.deepEqual(summary, [
        '  mode      observe, streaming incremental',
        '  upstream  http://127.0.0.1:9/v1',
        '  exact     redis redis://***@127.0.0.1:1',
        `  semantic  hnsw in ${join(dir, 'semantic', 'evaluation')}, local embedder (256 dims), threshold 0.92`,
        '  keys      off (every client is tenant default)',
        '  guards    security (built-in, enforce), privacy (module http://***@127.0.0.1:9, anonymize), usage (built-in, enforce); fail-open',
        '  audit     delivering to http://127.0.0.1:9',
        '  plugins   topic-guard',
        `  down      kv (${url}/startupz says why)`,
        `  metrics   ${url}/metrics`,
        `  probes    ${url}/healthz, /startupz, /readyz`,
        `  dashboard ${url}/dashboard`,
        `  clients   baseURL ${url}/v1, e.g. curl ${url}/v1/models`,
      ]);
      const printed = child.lines.join('\n');
      for (const secret of SECRETS) assert.ok(!printed.includes(secret), `${secret} was printed`);
      assert.equal((await fetch(`${url}/metrics`)).status, 200, 'the metrics are where the summary says');
      const startup = await fetch(`${url}/startupz`);
      assert.equal(startup.status, 503);
      assert.match(await startup.text(), /kv not initialised/, 'the probe the summary names says why');
    } finally {
      await child.kill();
    }
  });

  it('points a dependency no probe watches to the log: an in-process semantic store that could not be opened', async () => {
    const semantic = join(dir, 'other-length');
    // Saved at 512 dimensions, where the local embedder now makes 256.
    await saveSemanticSet(join(semantic, 'live'), 512);
    const file = join(dir, 'semantic-down.conf');
    await writeFile(
      file,
      `listen_addr 127.0.0.1:0;\nmodel_price m 1 2;\nsemantic_cache_enabled on;\nsemantic_cache_data_dir ${semantic};\n`,
    );
    const { child, url } = await startGatewayProcess(file);
    try {
      await child.waitForLine(/^ {2}clients /, 10_000);
      assert.ok(child.lines.includes('  down      vectordb (the log says why)'), child.lines.join('\n'));
      assert.match(child.lines.join('\n'), /"reason":"the semantic store in [^"]+ holds vectors of 512 dimensions/);
      assert.equal((await fetch(`${url}/readyz`)).status, 200, 'an in-process store is not readiness-required');
    } finally {
      await child.kill();
    }
  });
});
