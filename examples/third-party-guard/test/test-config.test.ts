import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigErrors } from '@sluice/config';
import { loadGatewayConfig, parseGatewayConfig } from '@sluice/preset-gateway';
import { startChild } from '../../../test/fixtures/child-process.js';
import { GATEWAY_CONF } from './gateway-from-file.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const ENV = { UPSTREAM_BASE_URL: 'http://127.0.0.1:9/v1' };

/** gateway.conf with `allowed_topics` misspelt, and where the misspelling starts. */
async function misspelt(): Promise<{ text: string; at: string }> {
  const original = await readFile(GATEWAY_CONF, 'utf8');
  const lines = original.split('\n');
  const line = lines.findIndex((l) => l.includes('allowed_topics'));
  const column = lines[line]!.indexOf('allowed_topics');
  return { text: original.replace('allowed_topics', 'allowed_topicz'), at: `${line + 1}:${column + 1}` };
}

const PROBLEM = 'plugin @acme/sluice-topic-guard: unknown directive "allowed_topicz"; did you mean "allowed_topics"?';

async function sluiceTestConfig(file: string): Promise<{ code: number | null; lines: string[] }> {
  const child = startChild(process.execPath, ['apps/cli/bin/sluice.js', 'gateway', '--test-config', '--config', file], {
    cwd: ROOT,
    env: ENV,
  });
  const timeout = setTimeout(() => void child.kill(), 10_000);
  const { code } = await child.exited;
  clearTimeout(timeout);
  return { code, lines: child.lines };
}

describe('topic guard: gateway.conf checked like any config file', () => {
  it('loads, with the block resolved against the package’s own directives', async () => {
    const config = await loadGatewayConfig(GATEWAY_CONF, { env: ENV });
    assert.deepEqual(
      config.plugins.map((p) => [p.packageName, p.module.name]),
      [['@acme/sluice-topic-guard', 'topic-guard']],
    );
    assert.deepEqual(config.plugins[0]?.values.get('allowed_topics'), [
      'billing',
      'invoice',
      'refund',
      'payment method',
      'support',
    ]);
  });

  it('names a wrong word in the block with file:line:col and a suggestion', async () => {
    const { text, at } = await misspelt();
    await assert.rejects(parseGatewayConfig(text, GATEWAY_CONF, { env: ENV }), (error: unknown) => {
      assert.ok(error instanceof ConfigErrors);
      assert.deepEqual(
        error.errors.map((e) => e.message),
        [`${GATEWAY_CONF}:${at}: ${PROBLEM}`],
      );
      return true;
    });
  });

  it('gives the same answer through `sluice gateway --test-config`', async function () {
    this.timeout(30_000);
    const dir = await mkdtemp(join(tmpdir(), 'topic-guard-'));
    try {
      // Outside the workspace: the package resolves from the working directory's node_modules.
      const file = join(dir, 'gateway.conf');
      const { text, at } = await misspelt();
      await writeFile(file, text);
      const { code, lines } = await sluiceTestConfig(file);
      assert.equal(code, 1);
      assert.ok(
        lines.some((line) => line.includes(`${file}:${at}: ${PROBLEM}`)),
        lines.join('\n'),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
