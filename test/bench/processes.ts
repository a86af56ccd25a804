/** Starts benchmark servers as separate processes, so the load generator never shares their event loop. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

export interface BenchProcess {
  readonly url: string;
  /**
   * CPU time (user + system) the process has used so far, in µs; undefined where /proc is missing.
   * CPU per request is the measure that other work on a shared machine disturbs least.
   */
  cpuMicros(): number | undefined;
  stop(): Promise<void>;
}

/** Linux kernels count process CPU in clock ticks of 10 ms (USER_HZ 100). */
const MICROS_PER_TICK = 10_000;

function cpuMicrosOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // Fields after the command name, which is in parentheses and may hold spaces: utime is the 12th, stime the 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * MICROS_PER_TICK;
  } catch {
    return undefined;
  }
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
      resolve({ url: toUrl(match), cpuMicros: () => cpuMicrosOf(child.pid), stop: () => stop(child) });
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
  const bin = new URL('../../apps/cli/bin/sluice.js', import.meta.url).pathname;
  // e.g. BENCH_GATEWAY_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the gateway under load.
  const nodeArgs = (process.env.BENCH_GATEWAY_NODE_ARGS ?? '').split(' ').filter(Boolean);
  return startProcess([...nodeArgs, bin, 'gateway', '--config', configFile], /listening on (http:\/\/\S+)/, (m) => m[1]!);
}
