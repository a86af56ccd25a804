import assert from 'node:assert/strict';
import { pino } from 'pino';
import { Metrics } from '@sluice/core';
import { buildRuntime, gatewayOptionsFromConfig, parseGatewayConfig } from '@sluice/preset-gateway';
import { startupSummary } from '@sluice/gateway';

/** Every secret a config can hold: keys, and passwords, user names, paths and queries of URLs. */
const CONFIG = `upstream_base_url "https://up-user:up-pass-1111@llm.example/v1";
upstream_api_key sk-upstream-2222;
kv_url "rediss://cache-user:kv-pass-3333@cache.example:6380/2";
semantic_cache_enabled on;
embedding_provider openai_compatible;
embedding_base_url "https://emb-user:emb-pass-4444@embed.example/v1?key=emb-query-5555";
embedding_api_key emb-key-6666;
vectordb_url "http://qd-user:qd-pass-7777@qdrant.example:6334";
vectordb_api_key qdrant-key-8888;
vectordb_vector_size 1536;
security_guard_enabled on;
security_guard_url "https://sec-user:sec-pass-9999@guards.example/security";
security_guard_api_key sec-key-1010;
usage_guard_enabled on;
usage_guard_url "http://guards.example:8103/?token=usage-query-1212";
usage_guard_api_key usage-key-1313;
audit_enabled on;
audit_url "https://audit.example/hooks/audit-path-token-1414?sig=audit-query-1515";
audit_api_key audit-key-1616;
client_auth required;
client_key app-1717 sha256:${'17ab'.repeat(16)} { tenant tenant-1818; }
`;

const SECRETS = [
  'up-user',
  'cache-user',
  'emb-user',
  'qd-user',
  'sec-user',
  '17ab17ab',
  ...'1111 2222 3333 4444 5555 6666 7777 8888 9999 1010 1212 1313 1414 1515 1616 1818'.split(' '),
];

describe('sluice gateway: the start-up summary never shows a secret', () => {
  it('masks userinfo, drops queries, shows only the host of secret URLs, and never a key', async () => {
    const config = await parseGatewayConfig(CONFIG, 'gateway.conf', { env: {} });
    const runtime = buildRuntime(gatewayOptionsFromConfig(config), { logger: pino({ level: 'silent' }), metrics: new Metrics() });
    const lines = startupSummary(runtime, 'http://127.0.0.1:8080');
    const text = lines.join('\n');
    for (const secret of SECRETS) assert.ok(!text.includes(secret), `${secret} in:\n${text}`);
    assert.ok(lines.length <= 12, `${lines.length} lines`);
    assert.ok(lines.includes('  upstream  https://***@llm.example/v1'), text);
    assert.ok(lines.includes('  exact     redis rediss://***@cache.example:6380'), text);
    assert.ok(
      lines.includes(
        '  semantic  qdrant http://***@qdrant.example:6334 collection sluice_semantic, embedder text-embedding-3-small at https://***@embed.example/v1, threshold 0.95',
      ),
      text,
    );
    assert.ok(
      lines.includes(
        '  guards    security (module https://***@guards.example/security, enforce), usage (module http://guards.example:8103, enforce); fail-closed',
      ),
      text,
    );
    assert.ok(lines.includes('  audit     delivering to https://audit.example'), text);
    assert.ok(lines.includes('  keys      required, from 1 in the config'), text);
  });
});
