import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCAL_EMBEDDER_DEFAULT_DIMS, type SemanticEntry } from '@sluice/plugin-semantic-cache';
import { HnswVectorStore } from '@sluice/vector-store';
import { startChild, type Child } from '../../fixtures/child-process.js';
import { processEnv } from '../vector-cache/service-process.js';
import { axis } from '../vector-cache/service-under-test.js';
import { SLUICE_BIN, writeConfig } from './gateway-process.js';
import { sluiceProcess } from './run-sluice.js';

/** `sluice vector-cache` over `dataDir`, with what it wrote to stderr kept apart; resolves once it listens. */
async function vectorCache(dataDir: string, flags: string[] = []): Promise<{ child: Child; url: string; stderr: string[] }> {
  const child = startChild(process.execPath, [SLUICE_BIN, 'vector-cache', ...flags], { env: processEnv(dataDir) });
  const stderr: string[] = [];
  child.process.stderr!.on('data', (chunk: Buffer) => stderr.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
  const line = await child.waitForLine(/listening on (http:\/\/\S+)/, 30_000);
  return { child, url: /listening on (http:\/\/\S+)/.exec(line)![1]!, stderr };
}

const insert = (url: string, id: number) =>
  fetch(`${url}/v1/insert`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ext_id: id, vector: axis(id), answer: `answer ${id}` }),
  });

/** Leaves `dataDir` with a snapshot of `saved` entries and `logged` more in the write-ahead log only. */
async function snapshotAndLog(dataDir: string, saved: number[], logged: number[]): Promise<void> {
  const { child, url } = await vectorCache(dataDir);
  for (const id of saved) assert.equal((await insert(url, id)).status, 200);
  assert.equal(
    (await fetch(`${url}/v1/snapshot/save`, { method: 'POST', headers: { 'content-type': 'application/json' } })).status,
    200,
  );
  for (const id of logged) assert.equal((await insert(url, id)).status, 200);
  // No final save: the logged writes stay in the log for the next start to replay.
  child.signal('SIGKILL');
  await child.exited;
}

describe('sluice: progress of long operations', function () {
  // Each case starts the installed command as a process, which takes seconds on a busy machine.
  this.timeout(90_000);
  let dir: string;
  beforeEach(async () => (dir = await mkdtemp(join(tmpdir(), 'sluice-progress-'))));
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('vector-cache --progress shows the restore’s steps on stderr; the result line is printed either way', async () => {
    const dataDir = join(dir, 'data');
    await snapshotAndLog(dataDir, [1, 2, 3], [4, 5]);
    const shown = await vectorCache(dataDir, ['--progress']);
    await shown.child.waitForLine(/listening on/, 1000);
    shown.child.signal('SIGTERM');
    await shown.child.exited;
    assert.deepEqual(
      shown.stderr.map((line) => line.replace(/\(\d+\.\d s\)/, '(T)')),
      [
        'restoring snapshot: reading the index, answers and tombstones',
        'restoring snapshot: read 3 vectors (T); replaying the write-ahead log',
        'restoring snapshot: saving 2 replayed records into a new snapshot',
      ],
    );
    assert.ok(
      shown.child.lines.some((line) => /^restored snapshot: 5 vectors, WAL replayed 2 records \(\d+\.\d s\)$/.test(line)),
    );

    await snapshotAndLog(dataDir, [], [6]);
    const quiet = await vectorCache(dataDir);
    quiet.child.signal('SIGTERM');
    await quiet.child.exited;
    assert.deepEqual(quiet.stderr, [], 'off a terminal and without --progress, stderr stays clean');
    assert.ok(quiet.child.lines.some((line) => /^restored snapshot: 6 vectors, WAL replayed 1 record \(/.test(line)));
  });

  it('a fresh data directory says so in one line', async () => {
    const fresh = await vectorCache(join(dir, 'empty'), ['--progress']);
    fresh.child.signal('SIGTERM');
    await fresh.child.exited;
    assert.ok(fresh.child.lines.some((line) => line === `no snapshot in ${join(dir, 'empty')}: starting empty`));
  });

  it('gateway --prune-expired-semantic-cache --progress counts on stderr; without it only the results print', async () => {
    const live = await semanticStore(join(dir, 'semantic'));
    const file = await writeConfig(`semantic_cache_enabled on;\nsemantic_cache_data_dir ${join(dir, 'semantic')};\n`);

    const shown = await sluiceProcess(['gateway', '--config', file, '--prune-expired-semantic-cache', '--progress']);
    assert.equal(shown.code, 0, shown.err);
    assert.equal(shown.err, `pruning ${live}: 4 entries to scan\n`);
    assert.match(shown.out, new RegExp(`${live}: removed 2 expired semantic entries\n`));

    const quiet = await sluiceProcess(['gateway', '--config', file, '--prune-expired-semantic-cache']);
    assert.equal(quiet.code, 0, quiet.err);
    assert.equal(quiet.err, '');
    assert.match(quiet.out, /removed 0 expired semantic entries in all/);
  });

  it('gateway --progress shows the semantic store’s restore on stderr and its result before the listening line', async () => {
    const live = await semanticStore(join(dir, 'semantic'));
    const file = await writeConfig(
      `listen_addr 127.0.0.1:0;\nsemantic_cache_enabled on;\nsemantic_cache_data_dir ${join(dir, 'semantic')};\n`,
    );
    const shown = await gateway(file, ['--progress']);
    try {
      const result = shown.child.lines.findIndex((line) =>
        /^semantic cache: restored snapshot: 4 vectors, WAL replayed 0 records \(/.test(line),
      );
      assert.ok(result >= 0, shown.child.lines.join('\n'));
      assert.ok(result < shown.child.lines.findIndex((line) => line.startsWith('sluice gateway listening on ')));
      assert.ok(
        shown.stderr.some((line) => line.startsWith('restoring the semantic cache')),
        shown.stderr.join('\n'),
      );
    } finally {
      await shown.child.kill();
    }
    const quiet = await gateway(file);
    try {
      assert.deepEqual(quiet.stderr, [], 'off a terminal and without --progress, stderr stays clean');
      assert.ok(!quiet.child.lines.some((line) => line.startsWith('semantic cache: ')), `${live} restored quietly`);
    } finally {
      await quiet.child.kill();
    }
  });
});

/** `sluice gateway --config file …flags`, with stderr kept apart; resolves once it listens. */
async function gateway(file: string, flags: string[] = []): Promise<{ child: Child; stderr: string[] }> {
  const child = startChild(process.execPath, [SLUICE_BIN, 'gateway', '--config', file, ...flags]);
  const stderr: string[] = [];
  child.process.stderr!.on('data', (chunk: Buffer) => stderr.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
  await child.waitForLine(/listening on (http:\/\/\S+)/, 30_000);
  return { child, stderr };
}

/** A saved semantic store of 4 entries under `dataDir` (2 of them expired); returns its `live` directory. */
async function semanticStore(dataDir: string): Promise<string> {
  const live = join(dataDir, 'live');
  const store = await HnswVectorStore.open<SemanticEntry>({
    dims: LOCAL_EMBEDDER_DEFAULT_DIMS,
    dataDir: live,
    durability: 'snapshot',
  });
  const now = Date.now();
  for (let id = 1; id <= 4; id++) {
    const vector = Array.from({ length: LOCAL_EMBEDDER_DEFAULT_DIMS }, (_, i) => (i === id ? 1 : 0));
    const expiresAt = id <= 2 ? now - 60_000 : now + 3_600_000;
    const payload = { scope: 's', expires_at: expiresAt, created_at: now, question: `q${id}`, answer: '{}', model: 'm' };
    await store.upsert({ id, vector, payload });
  }
  await store.close();
  return live;
}
