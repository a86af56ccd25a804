import assert from 'node:assert/strict';
import { Metrics, type Plugin } from '@sluice/core';
import { AuditSinkPlugin } from '@sluice/plugin-audit-sink';
import { CostMeterPlugin } from '@sluice/plugin-cost-meter';
import { ExactCachePlugin } from '@sluice/plugin-exact-cache';
import { OpenAIUpstreamPlugin } from '@sluice/plugin-openai-upstream';
import { SecurityGuardPlugin } from '@sluice/plugin-security-guard';
import {
  buildRuntime,
  gatewayOptionsFromConfig,
  parseGatewayConfig,
  type GatewayPresetOptions,
  type GatewaySettings,
} from '@sluice/preset-gateway';
import { pino } from 'pino';

const shared = () => ({ logger: pino({ level: 'silent' }), metrics: new Metrics() });
const pluginOf = <T extends Plugin>(plugins: readonly Plugin[], type: abstract new (...args: never[]) => T): T | undefined =>
  plugins.find((plugin): plugin is T => plugin instanceof type);

describe('gateway preset: typed options', () => {
  it('builds the runtime from options composed in code, no config text', () => {
    const runtime = buildRuntime(
      {
        gateway: { mode: 'observe', streaming: true, maxRequestBodyBytes: 4096, listenAddr: '127.0.0.1:0' },
        upstream: { baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'k' },
        costMeter: { prices: [{ model: 'm', inputMicroUsdPerToken: 1, outputMicroUsdPerToken: 2 }] },
      },
      shared(),
    );
    const plugins = runtime.kernel.plugins;
    assert.equal(runtime.settings.mode, 'observe');
    assert.equal(runtime.settings.streaming, true);
    assert.equal(runtime.settings.maxBodyBytes, 4096);
    assert.equal(runtime.settings.listenAddr, '127.0.0.1:0');
    assert.equal(pluginOf(plugins, OpenAIUpstreamPlugin)?.options.baseUrl, 'http://127.0.0.1:9/v1');
    assert.deepEqual(
      pluginOf(plugins, CostMeterPlugin)?.options.prices.map((p) => p.model),
      ['m'],
    );
    // Absent: as each switch defaults in a file (the exact cache on, audit delivery off).
    assert.ok(pluginOf(plugins, ExactCachePlugin));
    assert.equal(pluginOf(plugins, AuditSinkPlugin), undefined);
    assert.equal(pluginOf(plugins, SecurityGuardPlugin), undefined);
    assert.equal(runtime.semantic, undefined);
  });

  it('turns a plugin off with false and on with an object', () => {
    const plugins = buildRuntime({ exactCache: false, securityGuard: {} }, shared()).kernel.plugins;
    assert.equal(pluginOf(plugins, ExactCachePlugin), undefined);
    assert.equal(pluginOf(plugins, SecurityGuardPlugin)?.options.url, 'local');
  });

  it('hands gateway-wide settings to the plugins that inherit them, unless the composition sets their own', () => {
    const options: GatewayPresetOptions = {
      gateway: { guardFailOpen: true, requestTimeoutSeconds: 7 },
      securityGuard: {},
    };
    const plugins = buildRuntime(options, shared()).kernel.plugins;
    assert.equal(pluginOf(plugins, SecurityGuardPlugin)?.options.failOpen, true);
    assert.equal(pluginOf(plugins, OpenAIUpstreamPlugin)?.options.timeoutSeconds, 7);
    const own = buildRuntime({ ...options, upstream: { timeoutSeconds: 3 }, securityGuard: { failOpen: false } }, shared());
    assert.equal(pluginOf(own.kernel.plugins, SecurityGuardPlugin)?.options.failOpen, false);
    assert.equal(pluginOf(own.kernel.plugins, OpenAIUpstreamPlugin)?.options.timeoutSeconds, 3);
  });

  it('gives composed plugin factories the gateway-wide settings, after the preset’s plugins', () => {
    const seen: GatewaySettings[] = [];
    const factory = (settings: GatewaySettings): Plugin => {
      seen.push(settings);
      return { name: 'probe', apply: () => undefined };
    };
    const runtime = buildRuntime({ gateway: { guardFailOpen: true }, plugins: [factory] }, shared());
    assert.equal(seen[0]?.guardFailOpen, true);
    assert.equal(seen[0]?.requestTimeoutSeconds, 120);
    const names = runtime.kernel.plugins.map((plugin) => plugin.name);
    assert.ok(names.indexOf('probe') > names.indexOf('openai-upstream'), names.join(' '));
  });

  it('reads the same options from a config file', async () => {
    const config = await parseGatewayConfig(
      'guard_fail_open on;\nrequest_timeout_seconds 7;\nsecurity_guard_enabled on;\nexact_cache_enabled off;\nmodel_price m 1 2;\n',
      'gateway.conf',
      { env: {} },
    );
    const options = gatewayOptionsFromConfig(config);
    assert.equal(options.exactCache, false);
    assert.equal(options.auditSink, false);
    assert.equal(options.gateway?.guardFailOpen, true);
    assert.deepEqual(options.costMeter?.prices, [{ model: 'm', inputMicroUsdPerToken: 1, outputMicroUsdPerToken: 2 }]);
    const plugins = buildRuntime(options, shared()).kernel.plugins;
    assert.equal(pluginOf(plugins, SecurityGuardPlugin)?.options.failOpen, true);
    assert.equal(pluginOf(plugins, OpenAIUpstreamPlugin)?.options.timeoutSeconds, 7);
    assert.equal(pluginOf(plugins, ExactCachePlugin), undefined);
  });

  it('names the missing directive of an enabled plugin read from a file', async () => {
    const config = await parseGatewayConfig('audit_enabled on;\naudit_api_key k;\n', 'gateway.conf', { env: {} });
    assert.throws(() => gatewayOptionsFromConfig(config), /^ConfigError: audit_enabled is on but audit_url is not set$/);
  });

  it('holds options composed in code to the checks a config file gets', () => {
    assert.throws(() => buildRuntime({ gateway: { listenAddr: 'nowhere' } }, shared()), /listen_addr must be host:port/);
    assert.throws(() => buildRuntime({ gateway: { mode: 'lenient' as never } }, shared()), /gateway: invalid options: mode/);
    assert.throws(
      () => buildRuntime({ upstream: { baseUrl: 'https://api.example/v1/chat/completions' } }, shared()),
      /^Error: upstream_base_url: must be a provider root or a \/v1 base, not an endpoint/,
    );
  });
});
