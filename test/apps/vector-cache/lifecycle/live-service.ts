/**
 * The real side of the lifecycle suite: `sluice vector-cache` as a real process over a data directory on a
 * small disk, started, stopped with SIGTERM, killed with SIGKILL, its disk made to fail. Every wait is bounded.
 */
import { mkdir, rm } from 'node:fs/promises';
import type { SmallDisk } from '../../../fixtures/small-disk.js';
import { startChild, type Child } from '../../../fixtures/child-process.js';
import { processEnv, SLUICE_BIN } from '../service-process.js';
import { within } from '../within.js';
import { LIFECYCLE_DIMS } from './points.js';

const CALL_MS = 10_000;
const STOP_MS = 20_000;
const START_MS = 30_000;
const LISTENING = /listening on (http:\/\/\S+)/;

export interface LiveReply {
  readonly status: number;
  readonly body: unknown;
  readonly text: string;
}

export type DiskFault = 'read-only' | 'full';

interface Running {
  readonly child: Child;
  readonly url: string;
}

export class LiveService {
  #proc: Running | undefined;
  /** Every process started and not yet gone, the refused starts too: dispose kills them all. */
  readonly #children = new Set<Child>();
  #fault: DiskFault | undefined;
  /** How long each start took, until it listened (ms): starts dominate a run's time. */
  readonly startTimes: number[] = [];

  private constructor(
    readonly dataDir: string,
    readonly disk: SmallDisk,
    readonly env: Readonly<Record<string, string>>,
  ) {}

  /** A running service over a fresh `dataDir` on `disk`. */
  static async start(disk: SmallDisk, dataDir: string, env: Readonly<Record<string, string>>): Promise<LiveService> {
    await rm(dataDir, { recursive: true, force: true });
    await mkdir(dataDir, { recursive: true });
    const live = new LiveService(dataDir, disk, env);
    await live.start();
    return live;
  }

  get running(): boolean {
    return this.#proc !== undefined;
  }

  /** The last lines the current (or last) process printed. */
  output(lines = 15): string {
    return (this.#proc?.child.lines ?? []).slice(-lines).join('\n');
  }

  async start(): Promise<void> {
    if (this.#proc !== undefined) throw new Error('the service is already running');
    const began = Date.now();
    const child = this.#spawn({ SVC_DIMS: String(LIFECYCLE_DIMS), ...this.env });
    try {
      const line = await child.waitForLine(LISTENING, START_MS);
      this.#proc = { child, url: LISTENING.exec(line)![1]! };
    } catch (error) {
      await child.kill();
      throw new Error(`the service did not start: ${(error as Error).message}`, { cause: error });
    }
    this.startTimes.push(Date.now() - began);
  }

  /**
   * A start with other settings, expected to be refused: its exit code and output, or `started` when it came
   * up instead (then it is killed at once, before it can write anything).
   */
  async tryStart(env: Readonly<Record<string, string>>): Promise<{ started: boolean; code: number | null; output: string }> {
    if (this.#proc !== undefined) throw new Error('the service is still running');
    const began = Date.now();
    const child = this.#spawn({ ...this.env, SVC_AUTOSAVE_SECS: '0', ...env });
    const listening = child.waitForLine(LISTENING, START_MS).then(
      () => true,
      () => false,
    );
    const started = await within(
      Promise.race([listening, child.exited.then(() => false)]),
      START_MS + 1000,
      'a start with other settings',
    ).finally(() => child.kill());
    const exit = await child.exited;
    this.startTimes.push(Date.now() - began);
    return { started, code: exit.code, output: child.lines.join('\n') };
  }

  /** SIGTERM; resolves with how the process ended and its last output. */
  async terminate(): Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }> {
    const proc = this.#running();
    proc.child.signal('SIGTERM');
    try {
      const exit = await within(proc.child.exited, STOP_MS, 'a graceful stop (SIGTERM)');
      return { ...exit, output: this.output() };
    } catch (error) {
      await proc.child.kill();
      throw error;
    } finally {
      this.#proc = undefined;
    }
  }

  async kill(): Promise<void> {
    const proc = this.#running();
    this.#proc = undefined;
    await within(proc.child.kill(), STOP_MS, 'SIGKILL');
  }

  /** Throws, with its last output, when the process is gone. */
  assertAlive(): void {
    const proc = this.#running();
    const { exitCode, signalCode } = proc.child.process;
    if (exitCode !== null || signalCode !== null) {
      throw new Error(`the service exited (code ${exitCode}, signal ${signalCode}); its last output:\n${this.output()}`);
    }
  }

  post(route: string, body: unknown): Promise<LiveReply> {
    return this.#call('POST', route, body);
  }

  get(route: string): Promise<LiveReply> {
    return this.#call('GET', route, undefined);
  }

  /** Makes every write to the data directory fail. Read-only needs no file open for writing on the disk. */
  async fail(fault: DiskFault): Promise<void> {
    this.#fault = fault;
    if (fault === 'read-only') this.disk.readOnly();
    else await this.disk.fill();
  }

  /** Undoes {@link fail}. */
  async heal(): Promise<void> {
    const fault = this.#fault;
    this.#fault = undefined;
    if (fault === 'read-only') this.disk.writable();
    if (fault === 'full') await this.disk.drain();
  }

  /** Kills the process, heals the disk and removes the data directory; safe to call more than once. */
  async dispose(): Promise<void> {
    this.#proc = undefined;
    await Promise.all([...this.#children].map((child) => child.kill()));
    await this.heal();
    await rm(this.dataDir, { recursive: true, force: true });
  }

  #spawn(env: Readonly<Record<string, string>>): Child {
    const child = startChild(process.execPath, [SLUICE_BIN, 'vector-cache'], { env: processEnv(this.dataDir, env) });
    this.#children.add(child);
    void child.exited.then(() => this.#children.delete(child));
    return child;
  }

  #running(): Running {
    if (this.#proc === undefined) throw new Error('the service is not running');
    return this.#proc;
  }

  async #call(method: string, route: string, body: unknown): Promise<LiveReply> {
    const proc = this.#running();
    const init: RequestInit = { method, signal: AbortSignal.timeout(CALL_MS) };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers = { 'content-type': 'application/json' };
    }
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${proc.url}${route}`, init);
      text = await response.text();
    } catch (error) {
      const cause = (error as { cause?: { message?: string } }).cause?.message;
      const why = cause === undefined ? (error as Error).message : `${(error as Error).message}: ${cause}`;
      throw new Error(`${method} ${route} got no answer (${why}); the service's last output:\n${this.output()}`, {
        cause: error,
      });
    }
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // probes and metrics answer plain text
    }
    return { status: response.status, body: parsed, text };
  }
}
