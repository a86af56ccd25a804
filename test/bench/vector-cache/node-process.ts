/**
 * Node child processes for the benchmark: each server in its own process, ready once it prints a line,
 * with its resident memory and CPU time read from /proc. Every child still alive when the benchmark
 * process exits, however it exits, is killed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { CollectedMemory } from './collect-garbage.js';

export interface NodeProcess {
  /** The ready line's match. */
  readonly ready: RegExpMatchArray;
  /** From spawn to the ready line, ms. */
  readonly startMs: number;
  /** Resident set size in bytes; undefined without /proc. */
  rssBytes(): number | undefined;
  /**
   * Memory right after a full garbage collection, which the child runs on SIGUSR2 and answers with a
   * `collected …` line: what is held, without garbage not yet collected.
   */
  collectedMemory(): Promise<CollectedMemory>;
  /** User + system CPU time so far in µs; undefined without /proc. */
  cpuMicros(): number | undefined;
  /** SIGTERM (a clean shutdown) or SIGKILL (nothing more is needed of it); resolves on exit. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/** Linux counts process CPU in clock ticks of 10 ms (USER_HZ 100). */
const MICROS_PER_TICK = 10_000;

function procFile(pid: number | undefined, name: string): string | undefined {
  if (pid === undefined) return undefined;
  try {
    return readFileSync(`/proc/${pid}/${name}`, 'utf8');
  } catch {
    return undefined;
  }
}

function rssOf(pid: number | undefined): number | undefined {
  const match = procFile(pid, 'status')?.match(/^VmRSS:\s+(\d+) kB/m);
  return match ? Number(match[1]) * 1024 : undefined;
}

function cpuOf(pid: number | undefined): number | undefined {
  const stat = procFile(pid, 'stat');
  if (stat === undefined) return undefined;
  // After the command name, which is in parentheses and may hold spaces: utime is field 12, stime 13.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * MICROS_PER_TICK;
}

/** Spawns `node args…` with `env` and resolves once a stdout line matches `ready`. */
export function startNodeProcess(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
  timeoutMs: number,
): Promise<NodeProcess> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
  live.add(child);
  child.once('exit', () => live.delete(child));
  return new Promise((resolve, reject) => {
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    const timer = setTimeout(() => fail(new Error(`${args.join(' ')} was not ready within ${timeoutMs} ms`)), timeoutMs);
    child.once('exit', (code, signal) => fail(new Error(`${args.join(' ')} exited (${code ?? signal}) before it was ready`)));
    const lines = createInterface({ input: child.stdout! });
    const onLine = (line: string) => {
      const match = line.match(ready);
      if (match === null) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      child.once('exit', () => live.delete(child));
      // Later output is still read, so a chatty child never blocks on a full pipe.
      lines.off('line', onLine);
      lines.on('line', () => undefined);
      const collectedMemory = () =>
        new Promise<CollectedMemory>((done) => {
          const onCollected = (line: string) => {
            const collected = line.match(/^collected rss (\d+) heap-used (\d+) heap-total (\d+)$/);
            if (collected === null) return;
            lines.off('line', onCollected);
            done({ rss: Number(collected[1]), heapUsed: Number(collected[2]), heapTotal: Number(collected[3]) });
          };
          lines.on('line', onCollected);
          child.kill('SIGUSR2');
        });
      resolve({
        ready: match,
        startMs: performance.now() - started,
        rssBytes: () => rssOf(child.pid),
        cpuMicros: () => cpuOf(child.pid),
        collectedMemory,
        stop: (signal = 'SIGTERM') => stop(child, signal),
      });
    };
    lines.on('line', onLine);
  });
}

function stop(child: ChildProcess, signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}
