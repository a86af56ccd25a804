/**
 * The Portkey open-source gateway as a peer: installed for the benchmark only, into a cache outside
 * every package.json and lock file, and started as its own process on 127.0.0.1.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePort } from '../../fixtures/free-port.js';
import { startProcess, type BenchProcess } from '../processes.js';

export const PORTKEY_VERSION = '1.15.2';
/** Portkey streams through @hono/node-server; on Node 20 its streamed replies need 1.13.8, not the 1.19 it pulls in. */
export const HONO_NODE_SERVER_VERSION = '1.13.8';

/** Gitignored (under node_modules), kept between runs. */
const PEERS_DIR = fileURLToPath(new URL('../../../node_modules/.cache/sluice-bench-peers/', import.meta.url));
const GATEWAY_DIR = join(PEERS_DIR, 'node_modules', '@portkey-ai', 'gateway');
const LOOPBACK = pathToFileURL(fileURLToPath(new URL('./listen-on-loopback.mjs', import.meta.url))).href;

function installedVersion(packageDir: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version?: string }).version;
  } catch {
    return undefined;
  }
}

function installed(): boolean {
  return (
    installedVersion(GATEWAY_DIR) === PORTKEY_VERSION &&
    installedVersion(join(PEERS_DIR, 'node_modules', '@hono', 'node-server')) === HONO_NODE_SERVER_VERSION &&
    // A copy nested under the gateway would be the one it imports.
    !existsSync(join(GATEWAY_DIR, 'node_modules', '@hono', 'node-server'))
  );
}

/** Installs the pinned Portkey gateway into the cache unless it is there already; returns its start script. */
export async function ensurePortkey(): Promise<string> {
  if (!installed()) {
    await mkdir(PEERS_DIR, { recursive: true });
    // The override keeps one @hono/node-server for the whole tree (@hono/node-ws asks for ^1.19 as a peer).
    await writeFile(
      join(PEERS_DIR, 'package.json'),
      JSON.stringify({ private: true, overrides: { '@hono/node-server': HONO_NODE_SERVER_VERSION } }, null, 2) + '\n',
    );
    console.error(`installing @portkey-ai/gateway@${PORTKEY_VERSION} into ${PEERS_DIR}`);
    await run('npm', [
      'install',
      '--prefix',
      PEERS_DIR,
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      `@portkey-ai/gateway@${PORTKEY_VERSION}`,
      `@hono/node-server@${HONO_NODE_SERVER_VERSION}`,
    ]);
    if (!installed()) throw new Error(`@portkey-ai/gateway@${PORTKEY_VERSION} is not installed as expected in ${PEERS_DIR}`);
  }
  return join(GATEWAY_DIR, 'build', 'start-server.js');
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    // npm's output goes to stderr, so the benchmark's stdout stays its table.
    const child = spawn(command, args, { stdio: ['ignore', 2, 2] });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

/** Starts the installed gateway on a free port of 127.0.0.1, without its console (`--headless`). */
export async function startPortkey(startScript: string): Promise<BenchProcess> {
  const port = await freePort();
  return startProcess(
    ['--import', LOOPBACK, startScript, `--port=${port}`, '--headless'],
    /Ready for connections/,
    () => `http://127.0.0.1:${port}`,
  );
}

/**
 * The `x-portkey-config` header that routes a request to an OpenAI-compatible upstream: provider
 * `openai` at `custom_host`. No `cache` and no `retry`, so Portkey passes every request through once.
 */
export function portkeyConfigHeader(upstreamUrl: string): string {
  return JSON.stringify({ provider: 'openai', custom_host: `${upstreamUrl}/v1`, api_key: 'bench-key' });
}
