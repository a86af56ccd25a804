/**
 * A fuzzed service in a child process the suite controls: started with --expose-gc and a host script
 * from test/fuzz/hosts, asked questions over IPC, and checked for having crashed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface HostedService {
  readonly url: string;
  readonly port: number;
  /** The exit code or signal, when the process has ended. */
  exited(): string | undefined;
  /** The last lines the process printed (its error log). */
  output(): string;
  ask<T>(question: string, timeoutMs?: number): Promise<T>;
  /** Asks the host to stop its service gracefully; kills it when it does not exit in time. */
  stop(): Promise<void>;
}

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * @example
 * const host = await startHost('vector-cache-host.ts', { SVC_DIMS: '8', SVC_DATA_DIR: dir });
 */
export async function startHost(script: string, env: Record<string, string>, startMs = 60_000): Promise<HostedService> {
  const entry = fileURLToPath(new URL(`./hosts/${script}`, import.meta.url));
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', entry], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  running.add(child);
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - 40));
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exit: string | undefined;
  const ended = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = signal ?? `exit code ${code}`;
      running.delete(child);
      resolve();
    }),
  );
  const pending = new Map<number, { resolve: (answer: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start in ${startMs} ms:\n${lines.join('\n')}`)), startMs);
    child.on('message', (message: { listening?: string; id?: number; answer?: unknown; error?: string }) => {
      if (message.listening !== undefined) return (clearTimeout(timer), resolve(message.listening));
      const waiter = pending.get(message.id ?? -1);
      pending.delete(message.id ?? -1);
      if (message.error !== undefined) waiter?.reject(new Error(message.error));
      else waiter?.resolve(message.answer);
    });
    void ended.then(
      () => (clearTimeout(timer), reject(new Error(`${script} ended (${exit}) before it listened:\n${lines.join('\n')}`))),
    );
  });
  return {
    url,
    port: Number(new URL(url).port),
    exited: () => exit,
    output: () => lines.join('\n'),
    ask: <T>(question: string, timeoutMs = 20_000) =>
      new Promise<T>((resolve, reject) => {
        if (exit !== undefined) return reject(new Error(`${script} has ended (${exit}):\n${lines.join('\n')}`));
        const id = nextId++;
        const timer = setTimeout(
          () => (pending.delete(id), reject(new Error(`${script} did not answer ${question} in ${timeoutMs} ms`))),
          timeoutMs,
        );
        pending.set(id, {
          resolve: (answer) => (clearTimeout(timer), resolve(answer as T)),
          reject: (error) => (clearTimeout(timer), reject(error)),
        });
        child.send({ id, question });
      }),
    stop: async () => {
      if (exit !== undefined) return;
      child.send({ id: -1, question: 'stop' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await ended;
      clearTimeout(timer);
    },
  };
}
