import assert from 'node:assert/strict';
import { ConfigError, ConfigErrors, printConfig } from '@sluice/config';
import { GATEWAY_DIRECTIVE_SETS, gatewayOptionsFromConfig, parseGatewayConfig } from '@sluice/preset-gateway';
import { OpenAIUpstreamPlugin } from '@sluice/plugin-openai-upstream';

const parse = (text: string) => parseGatewayConfig(text, 'gateway.conf', { env: {} });

async function problems(text: string): Promise<string[]> {
  try {
    await parse(text);
  } catch (error) {
    if (error instanceof ConfigErrors) return error.errors.map((e) => e.message);
    if (error instanceof ConfigError) return [error.message];
    throw error;
  }
  assert.fail('the file was accepted');
}

describe('openai-upstream: upstream blocks in the config file', () => {
  it('reads each block into an upstream, in file order, with its defaults', async () => {
    const config = await parse(`
upstream primary {
  base_url https://api.openai.com/v1;
  api_key sk-primary;
  weight 3;
  models gpt-4o gpt-4o-mini*;
}
upstream local { base_url http://127.0.0.1:11434; priority 1; }
upstream_retries 3;
upstream_retry_base_ms 50;
upstream_retry_max_ms 1000;
upstream_breaker_failures 4;
upstream_breaker_open_seconds 10s;
`);
    const options = gatewayOptionsFromConfig(config).upstream;
    assert.ok(options !== undefined);
    assert.deepEqual(options.upstreams, [
      {
        name: 'primary',
        settings: { baseUrl: 'https://api.openai.com/v1', apiKey: 'sk-primary', weight: 3, models: ['gpt-4o', 'gpt-4o-mini*'] },
      },
      { name: 'local', settings: { baseUrl: 'http://127.0.0.1:11434', apiKey: 'dummy', weight: 1, priority: 1 } },
    ]);
    assert.equal(options.retries, 3);
    assert.equal(options.retryBaseMs, 50);
    assert.equal(options.retryMaxMs, 1000);
    assert.equal(options.breakerFailures, 4);
    assert.equal(options.breakerOpenSeconds, 10);
    const plugin = new OpenAIUpstreamPlugin(options);
    assert.deepEqual(
      plugin.upstreams().map((u) => [u.name, u.base_url, u.weight, u.priority, u.models, u.breaker]),
      [
        ['primary', 'https://api.openai.com/v1', 3, 1, ['gpt-4o', 'gpt-4o-mini*'], 'closed'],
        ['local', 'http://127.0.0.1:11434/v1', 1, 1, ['*'], 'closed'],
      ],
    );
  });

  it('keeps the single default upstream when no block is written', async () => {
    const options = gatewayOptionsFromConfig(await parse('upstream_base_url http://127.0.0.1:9/v1;\n')).upstream;
    assert.ok(options !== undefined);
    assert.deepEqual(options.upstreams, []);
    assert.equal(options.retries, 2);
    const plugin = new OpenAIUpstreamPlugin(options);
    assert.deepEqual(
      plugin.upstreams().map((u) => [u.name, u.base_url]),
      [['default', 'http://127.0.0.1:9/v1']],
    );
  });

  it('masks each block’s key, and the credentials of its URL, when the config is printed', async () => {
    const printed = printConfig(
      await parse('upstream a { base_url https://user:pw@llm.example/v1; api_key sk-secret-value; }\n'),
      GATEWAY_DIRECTIVE_SETS,
    );
    assert.ok(!printed.includes('sk-secret-value'), printed);
    assert.ok(!printed.includes('user:pw'), printed);
    assert.match(printed, /upstream a \{/);
  });

  it('reports every bad block at its line, naming the block', async () => {
    const text = [
      'upstream a {',
      '  base_url https://api.openai.com/v1/chat/completions;',
      '  weight 0;',
      '  wieght 2;',
      '}',
      'upstream b { api_key sk-x; }',
      'upstream "bad name" { base_url http://127.0.0.1:1; }',
      'upstream c { base_url http://127.0.0.1:1; models gpt*4; }',
      'upstream_retries -1;',
    ].join('\n');
    assert.deepEqual(await problems(text), [
      'gateway.conf:2:3: in upstream a: base_url: must be a provider root or a /v1 base, not an endpoint; did you mean "https://api.openai.com/v1"?',
      'gateway.conf:3:10: in upstream a: weight: <count> must be >= 1',
      'gateway.conf:4:3: in upstream a: unknown directive "wieght"; did you mean "weight"?',
      'gateway.conf:6:1: in upstream b: base_url is required in an upstream block',
      'gateway.conf:7:10: upstream: <name> must match pattern "^[A-Za-z0-9._-]{1,32}$"',
      'gateway.conf:8:1: upstream: upstream c: "gpt*4": a model may end with * (a prefix), nowhere else',
      'gateway.conf:9:18: upstream_retries: <count> must be >= 0',
    ]);
  });

  it('refuses upstream_base_url beside blocks, which would be silently unused', async () => {
    const text = 'upstream_base_url http://127.0.0.1:3/v1;\nupstream a { base_url http://127.0.0.1:1; }\n';
    const found = await problems(text);
    assert.equal(found.length, 1);
    assert.match(
      found[0]!,
      /^gateway\.conf.*upstream_base_url and upstream_api_key are not used once upstream blocks are written/,
    );
  });

  it('refuses two blocks with one name', async () => {
    const text = 'upstream a { base_url http://127.0.0.1:1; }\nupstream a { base_url http://127.0.0.1:2; }\n';
    assert.deepEqual(await problems(text), ['gateway.conf:1:1: upstream: upstream "a" is defined twice']);
  });
});
