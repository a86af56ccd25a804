/** A vector answer cache on 127.0.0.1 with a temp data directory, and small helpers to call it. */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino, type Logger } from 'pino';
import { VectorCacheService } from '@sluice/vector-cache';

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
  /** Any method; a string body is sent as it is (with a JSON Content-Type unless one is given). */
  send(method: string, route: string, body?: string, headers?: Record<string, string>): Promise<Reply>;
  /** POSTs `chunks` with chunked transfer encoding, so the server learns the size only by reading. */
  postChunked(route: string, chunks: readonly string[], headers?: Record<string, string>): Promise<Reply>;
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

/** One active entry as the store holds it. */
export interface StoredEntry {
  id: number;
  vector: number[];
  payload: unknown;
}

/** Every active entry, by ascending id: equal before and after a request means the request changed nothing. */
export async function storedEntries(service: VectorCacheService): Promise<StoredEntry[]> {
  const entries: StoredEntry[] = [];
  for await (const record of service.store.iterate()) {
    entries.push({ id: record.id, vector: [...record.vector], payload: record.payload });
  }
  return entries.sort((a, b) => a.id - b.id);
}

/** Entries for suites that check a refused request changed nothing. */
export const SEEDS = [
  { ext_id: 1, vector: axis(0), answer: 'one' },
  { ext_id: 2, vector: axis(2), answer: 'two' },
  { ext_id: 3, vector: axis(4), answer: 'three' },
] as const;

/**
 * Inserts {@link SEEDS}; returns a check that the service still holds exactly them, as the store, a search,
 * a qa per entry and the svc_active_ids gauge each see it.
 */
export async function seed(svc: ServiceUnderTest): Promise<() => Promise<void>> {
  for (const entry of SEEDS) assert.equal((await svc.post('/v1/insert', entry)).status, 200);
  const seeded = await storedEntries(svc.service);
  assert.equal(seeded.length, SEEDS.length);
  return async () => {
    assert.deepEqual(await storedEntries(svc.service), seeded, 'the stored entries changed');
    const search = (await svc.post('/v1/search', { query: axis(0), k: 10 })).body as { hits: { id: number }[] };
    assert.deepEqual(
      search.hits.map((hit) => hit.id).sort(),
      SEEDS.map((entry) => entry.ext_id),
    );
    for (const entry of SEEDS) {
      const qa = (await svc.post('/v1/qa', { query: entry.vector, sim_threshold: 0.99 })).body as { id: number; answer: string };
      assert.deepEqual([qa.id, qa.answer], [entry.ext_id, entry.answer]);
    }
    assert.match((await svc.get('/metrics')).text, new RegExp(`\\nsvc_active_ids ${SEEDS.length}\\n`));
  };
}

/**
 * @example
 * const svc = await startService();
 * await svc.post('/v1/insert', { ext_id: 1, vector: axis(0), answer: 'a' });
 */
export async function startService(
  env: Record<string, string> = {},
  dataDir?: string,
  logger: Logger = pino({ level: 'silent' }),
): Promise<ServiceUnderTest> {
  const dir = dataDir ?? (await mkdtemp(path.join(tmpdir(), 'sluice-vc-')));
  const fullEnv = { SVC_DIMS: String(DIMS), SVC_LISTEN_ADDR: '127.0.0.1:0', SVC_DATA_DIR: dir, SVC_AUTOSAVE_SECS: '0', ...env };
  const service = await VectorCacheService.start(fullEnv, { logger });
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
    send: (method, route, body, headers) => call(method, route, body, headers),
    postChunked: (route, chunks, headers) => postChunked(service.url, route, chunks, headers),
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

function postChunked(
  url: string,
  route: string,
  chunks: readonly string[],
  headers: Record<string, string> = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(`${url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
    });
    outgoing.on('error', reject);
    outgoing.on('response', (incoming) => {
      const parts: Buffer[] = [];
      incoming.on('data', (part: Buffer) => parts.push(part));
      incoming.on('error', reject);
      incoming.on('end', () => {
        const text = Buffer.concat(parts).toString('utf8');
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) {
          if (typeof value === 'string') responseHeaders.set(name, value);
        }
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // plain text stays text
        }
        resolve({ status: incoming.statusCode ?? 0, body, text, headers: responseHeaders });
      });
    });
    // No Content-Length: Node sends the body chunked.
    for (const chunk of chunks) outgoing.write(chunk);
    outgoing.end();
  });
}

/** The body of every error reply. */
export interface ErrorBody {
  error: { code: string; message: string; details?: Record<string, unknown> };
}

/**
 * Asserts an error reply: its status, the `{"error": {"code", "message", "details"?}}` envelope and
 * nothing else, no stack trace, and, when a field is at fault, a message (and `details.field`) naming it.
 */
export function assertServiceError(reply: Reply, status: number, code: string, field?: string): ErrorBody['error'] {
  assert.equal(reply.status, status, `status ${reply.status}, expected ${status}: ${reply.text}`);
  assert.ok(!reply.text.includes('    at '), `a stack trace in the body: ${reply.text}`);
  assert.match(reply.headers.get('content-type') ?? '', /^application\/json/);
  const body = reply.body as ErrorBody;
  assert.equal(typeof body, 'object', `not a JSON body: ${reply.text}`);
  assert.deepEqual(Object.keys(body), ['error']);
  const extra = Object.keys(body.error).filter((key) => !['code', 'message', 'details'].includes(key));
  assert.deepEqual(extra, [], 'fields of error beyond code, message, details');
  assert.equal(body.error.code, code, body.error.message);
  assert.equal(typeof body.error.message, 'string');
  assert.ok(body.error.message.length > 0, 'an empty message');
  if (field !== undefined) {
    assert.ok(body.error.message.includes(field), `the message does not name ${field}: ${body.error.message}`);
    const named = body.error.details?.['field'];
    if (named !== undefined) assert.equal(named, field, 'details.field');
  }
  return body.error;
}
