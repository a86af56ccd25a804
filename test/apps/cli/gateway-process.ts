/** Runs `sluice gateway` as a real process for the CLI and signal suites. */
import { writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChild, type Child } from '../../fixtures/child-process.js';

export const SLUICE_BIN = new URL('../../../apps/cli/bin/sluice.js', import.meta.url).pathname;

export async function writeConfig(text: string, name = 'gateway.conf'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sluice-cli-'));
  const file = join(dir, name);
  await writeFile(file, text);
  return file;
}

/** Starts the gateway from a config file and resolves once it prints where it listens. */
export async function startGatewayProcess(
  configFile: string,
  env: Record<string, string> = {},
): Promise<{ child: Child; url: string }> {
  const child = startChild(process.execPath, [SLUICE_BIN, 'gateway', '--config', configFile], { env });
  const line = await child.waitForLine(/listening on (http:\/\/\S+)/, 20_000);
  const url = /listening on (http:\/\/\S+)/.exec(line)?.[1];
  if (url === undefined) throw new Error(`no URL in ${line}`);
  return { child, url };
}
