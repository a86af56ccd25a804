import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Metrics } from '@sluice/core';
import { buildRuntime, gatewayOptionsFromConfig, parseGatewayConfig } from '@sluice/preset-gateway';
import { pino } from 'pino';
import { writePluginPackages, type PluginPackages } from '../../fixtures/plugin-packages.js';

/** A block plugin whose `failOpen` inherits the gateway-wide `guard_fail_open`, declared in its schema. */
const INHERITING_SOURCE = `
import Type from 'typebox';
import { definePluginModule, directive, directivesOf, inherits, optionsFromConfig } from '@sluice/config';
const Options = Type.Object(
  {
    label: Type.String({ default: 'x', ...directive('probe_label', { summary: 'A label.' }) }),
    failOpen: Type.Boolean({ default: false, ...inherits('guard_fail_open') }),
  },
  { additionalProperties: false },
);
export const sluicePlugin = definePluginModule({
  name: 'probe',
  directives: directivesOf(Options),
  create: (values) => ({ name: 'probe', options: optionsFromConfig(Options, values), apply() {} }),
});
`;

describe('gateway preset: a plugin block inherits gateway-wide settings from the file', () => {
  let packages: PluginPackages;
  before(async () => {
    packages = await writePluginPackages({ '@acme/sluice-probe': INHERITING_SOURCE });
  });
  after(async () => packages?.remove());

  it('sees guard_fail_open written outside its block', async () => {
    const text = 'guard_fail_open on;\nplugin @acme/sluice-probe { probe_label y; }\n';
    const config = await parseGatewayConfig(text, join(packages.dir, 'gateway.conf'), { env: {} });
    const runtime = buildRuntime(gatewayOptionsFromConfig(config), { logger: pino({ level: 'silent' }), metrics: new Metrics() });
    const probe = runtime.kernel.plugins.find((plugin) => plugin.name === 'probe') as unknown as {
      options: { label: string; failOpen: boolean };
    };
    assert.deepEqual(probe.options, { label: 'y', failOpen: true });
  });
});
