/** A vector answer cache on 127.0.0.1 with a temp data directory, and small helpers to call it. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { VectorCacheService } from '@sluice/preset-vector-cache';

export const DIMS = 8;

export interface Reply {
  status: number;
  body: unknown;
  text: string;
  headers: Headers;
}

export interface ServiceUnderTest {
  service: VectorCacheService;
  dataDir: string;
  env: Record<string, string>;
  post(route: string, body: unknown, headers?: Record<string, string>): Promise<Reply>;
  get(route: string, headers?: Record<string, string>): Promise<Reply>;
  /** Stops the service (final save) and starts a new one on the same data directory. */
  restart(extraEnv?: Record<string, string>): Promise<ServiceUnderTest>;
  /** Stops the service and removes the data directory. */
  close(): Promise<void>;
}

/** A unit vector along axis `i` (mod DIMS), nudged by `tilt` towards the next axis. */
export function axis(i: number, tilt = 0): number[] {
  const v = new Array<number>(DIMS).fill(0);
  v[i % DIMS] = 1;
  v[(i + 1) % DIMS] = tilt;
  return v;
}

/**
 * @example
 * const svc = await startService();
 * await svc.post('/v1/insert', { ext_id: 1, vector: axis(0), answer: 'a' });
 */
export async function startService(env: Record<string, string> = {}, dataDir?: string): Promise<ServiceUnderTest> {
  const dir = dataDir ?? (await mkdtemp(path.join(tmpdir(), 'sluice-vc-')));
  const fullEnv = { SVC_DIMS: String(DIMS), SVC_LISTEN_ADDR: '127.0.0.1:0', SVC_DATA_DIR: dir, SVC_AUTOSAVE_SECS: '0', ...env };
  const service = await VectorCacheService.start(fullEnv, { logger: pino({ level: 'silent' }) });
  const call = async (method: string, route: string, body: unknown, headers: Record<string, string> = {}): Promise<Reply> => {
    const init: RequestInit = { method, headers: { ...headers } };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${service.url}${route}`, init);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // plain text bodies (probes, metrics) stay text
    }
    return { status: response.status, body: parsed, text, headers: response.headers };
  };
  const sut: ServiceUnderTest = {
    service,
    dataDir: dir,
    env: fullEnv,
    post: (route, body, headers) => call('POST', route, body, headers),
    get: (route, headers) => call('GET', route, undefined, headers),
    restart: async (extraEnv = {}) => {
      await service.stop();
      return startService({ ...env, ...extraEnv }, dir);
    },
    close: async () => {
      await service.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
  return sut;
}
