/** Runs `sluice vector-cache` (the built CLI) as a real process, for the crash, signal and license suites. */
import { startChild, type Child } from '../../fixtures/child-process.js';
import { DIMS, type Reply } from './service-under-test.js';

export const SLUICE_BIN = new URL('../../../apps/cli/bin/sluice.js', import.meta.url).pathname;

export interface ServiceProcess {
  readonly child: Child;
  readonly url: string;
  post(route: string, body: unknown): Promise<Reply>;
  get(route: string): Promise<Reply>;
}

/** The environment of a process on a free port of 127.0.0.1 over `dataDir`, without autosave unless asked. */
export function processEnv(dataDir: string, env: Record<string, string> = {}): Record<string, string> {
  return {
    SVC_DIMS: String(DIMS),
    SVC_LISTEN_ADDR: '127.0.0.1:0',
    SVC_DATA_DIR: dataDir,
    SVC_AUTOSAVE_SECS: '0',
    SVC_LOG_LEVEL: 'warn',
    ...env,
  };
}

/** Starts the service and resolves once it prints where it listens; rejects with its output when it exits first. */
export async function startServiceProcess(dataDir: string, env: Record<string, string> = {}): Promise<ServiceProcess> {
  const child = startChild(process.execPath, [SLUICE_BIN, 'vector-cache'], { env: processEnv(dataDir, env) });
  const line = await child.waitForLine(/listening on (http:\/\/\S+)/, 20_000);
  const url = /listening on (http:\/\/\S+)/.exec(line)![1]!;
  return { child, url, post: (route, body) => call(url, 'POST', route, body), get: (route) => call(url, 'GET', route) };
}

/** Runs the service over `dataDir` expecting it to refuse the start; resolves with its exit code and output. */
export async function refusedStart(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  const child = startChild(process.execPath, [SLUICE_BIN, 'vector-cache'], { env: processEnv(dataDir, env) });
  const exit = await Promise.race([child.exited, new Promise<undefined>((resolve) => setTimeout(resolve, 20_000, undefined))]);
  if (exit === undefined) {
    await child.kill();
    throw new Error(`the service did not exit; output:\n${child.lines.join('\n')}`);
  }
  return { code: exit.code, output: child.lines.join('\n') };
}

/** One JSON call; plain-text bodies stay text. */
export async function call(url: string, method: string, route: string, body?: unknown): Promise<Reply> {
  const init: RequestInit = { method };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { 'content-type': 'application/json' };
  }
  const response = await fetch(`${url}${route}`, init);
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // probes and metrics answer plain text
  }
  return { status: response.status, body: parsed, text, headers: response.headers };
}
