/** Starts benchmark servers as separate processes, so the load generator never shares their event loop. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface BenchProcess {
  readonly url: string;
  stop(): Promise<void>;
}

/** Spawns `node args…` and resolves with the URL built from the first stdout line matching `pattern`. */
export function startProcess(args: string[], pattern: RegExp, toUrl: (match: RegExpMatchArray) => string): Promise<BenchProcess> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`${args.join(' ')} did not start within 20 s`)), 20_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    child.once('exit', (code) => fail(new Error(`${args.join(' ')} exited with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = line.match(pattern);
      if (match === null) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({ url: toUrl(match), stop: () => stop(child) });
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export function startCannedServer(): Promise<BenchProcess> {
  return startProcess(
    ['--import', 'tsx', new URL('./servers/canned-server.ts', import.meta.url).pathname],
    /listening (\d+)/,
    (m) => `http://127.0.0.1:${m[1]}`,
  );
}

export function startGatewayProcess(configFile: string): Promise<BenchProcess> {
  const bin = new URL('../../presets/cli/bin/sluice.js', import.meta.url).pathname;
  return startProcess([bin, 'gateway', '--config', configFile], /listening on (http:\/\/\S+)/, (m) => m[1]!);
}
