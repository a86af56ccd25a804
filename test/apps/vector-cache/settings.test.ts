import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readSettings, SettingError } from '@sluice/vector-cache';
import { startChild, type Child } from '../../fixtures/child-process.js';
import { axis, DIMS } from './service-under-test.js';

const SLUICE_BIN = new URL('../../../apps/cli/bin/sluice.js', import.meta.url).pathname;

describe('vector-cache settings: readSettings', () => {
  it('defaults: 127.0.0.1:8090, ./data, wal, cosine, M 16, efConstruction 200, ef 128, 1 MiB bodies', () => {
    const settings = readSettings({ SVC_DIMS: '384' }, '/srv/sluice');
    assert.equal(settings.dims, 384);
    assert.deepEqual(settings.listen, { host: '127.0.0.1', port: 8090 });
    assert.equal(settings.dataDir, '/srv/sluice/data');
    assert.equal(settings.durability, 'wal');
    assert.equal(settings.metric, 'cosine');
    assert.equal(settings.M, 16);
    assert.equal(settings.efConstruction, 200);
    assert.equal(settings.efSearch, 128);
    assert.equal(settings.maxBodyBytes, 1024 * 1024);
    assert.equal(settings.authRequired, false);
    assert.equal(settings.allowMetricsWithoutAuth, false);
    assert.equal(settings.allowAbsolutePaths, false);
    assert.equal(settings.autosaveSeconds, 300);
    assert.deepEqual(settings.serverTimeouts, { headerMs: 20_000, requestMs: 60_000, keepAliveMs: 65_000, sendMs: 60_000 });
    assert.ok(Object.isFrozen(settings));
  });

  it('takes the connection timeouts in whole seconds, 0 turning one off', () => {
    const settings = readSettings({
      SVC_DIMS: '8',
      SVC_CLIENT_HEADER_TIMEOUT_SECS: '5',
      SVC_CLIENT_REQUEST_TIMEOUT_SECS: '30',
      SVC_KEEPALIVE_TIMEOUT_SECS: '0',
      SVC_SEND_TIMEOUT_SECS: '3600',
    });
    assert.deepEqual(settings.serverTimeouts, { headerMs: 5000, requestMs: 30_000, keepAliveMs: 0, sendMs: 3_600_000 });
  });

  it('takes good values, trimmed and in any case; an empty value counts as unset', () => {
    const settings = readSettings(
      {
        SVC_DIMS: ' 8 ',
        SVC_LISTEN_ADDR: '[::1]:0',
        SVC_DATA_DIR: 'state',
        SVC_DURABILITY: 'Snapshot',
        SVC_METRIC: 'L2',
        SVC_AUTH_REQUIRED: 'true',
        SVC_ALLOW_METRICS_WITHOUT_AUTH: 'off',
        SVC_M: '',
        SVC_EF_SEARCH: '64',
      },
      '/srv/sluice',
    );
    assert.deepEqual(settings.listen, { host: '::1', port: 0 });
    assert.equal(settings.dataDir, '/srv/sluice/state');
    assert.deepEqual(
      [settings.dims, settings.durability, settings.metric, settings.authRequired, settings.allowMetricsWithoutAuth],
      [8, 'snapshot', 'l2', true, false],
    );
    assert.deepEqual([settings.M, settings.efSearch], [16, 64]);
    assert.equal(readSettings({ SVC_DIMS: '8', SVC_DATA_DIR: '/var/lib/svc' }, '/srv').dataDir, '/var/lib/svc');
  });

  const BAD: readonly (readonly [string, string | undefined])[] = [
    ['SVC_DIMS', undefined],
    ['SVC_DIMS', '0'],
    ['SVC_DIMS', 'abc'],
    ['SVC_DIMS', '-8'],
    ['SVC_DIMS', '8.5'],
    ['SVC_DIMS', '1e3'],
    ['SVC_DIMS', '16385'],
    ['SVC_DURABILITY', 'fast'],
    ['SVC_METRIC', 'hamming'],
    ['SVC_LISTEN_ADDR', 'nope'],
    ['SVC_LISTEN_ADDR', '127.0.0.1'],
    ['SVC_LISTEN_ADDR', '127.0.0.1:'],
    ['SVC_LISTEN_ADDR', '127.0.0.1:70000'],
    ['SVC_LISTEN_ADDR', 'http://127.0.0.1:8090'],
    ['SVC_AUTH_REQUIRED', 'maybe'],
    ['SVC_ALLOW_METRICS_WITHOUT_AUTH', '2'],
    ['SVC_ALLOW_ABSOLUTE_PATHS', 'sure'],
    ['SVC_M', '1'],
    ['SVC_M', '101'],
    ['SVC_EF_CONSTRUCTION', '0'],
    ['SVC_EF_SEARCH', '10001'],
    ['SVC_MAX_BODY_BYTES', '100'],
    ['SVC_AUTOSAVE_SECS', '-1'],
    ['SVC_TOKENS_PER_HIT', 'many'],
    ['SVC_SHUTDOWN_TIMEOUT_SECS', '1.5'],
    ['SVC_CLIENT_HEADER_TIMEOUT_SECS', 'soon'],
    ['SVC_CLIENT_REQUEST_TIMEOUT_SECS', '-1'],
    ['SVC_KEEPALIVE_TIMEOUT_SECS', '3601'],
    ['SVC_SEND_TIMEOUT_SECS', '0.5'],
    ['SVC_LOG_LEVEL', 'loud'],
  ];
  for (const [variable, value] of BAD) {
    it(`${variable}=${value ?? '(missing)'} throws a SettingError that starts with ${variable}`, () => {
      const env = { SVC_DIMS: '8', [variable]: value };
      assert.throws(
        () => readSettings(env),
        (error: unknown) => {
          assert.ok(error instanceof SettingError);
          assert.equal(error.variable, variable);
          assert.ok(error.message.startsWith(`${variable}: `), error.message);
          assert.ok(!error.message.includes('\n'), 'one line');
          if (value !== undefined) assert.ok(error.message.includes(JSON.stringify(value)), `names the value: ${error.message}`);
          return true;
        },
      );
    });
  }
});

describe('vector-cache settings: sluice vector-cache end to end', () => {
  let dir: string;
  beforeEach(async () => (dir = await mkdtemp(path.join(tmpdir(), 'sluice-vc-cli-'))));
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  /** Runs the built CLI from `dir`; stderr is collected apart from stdout. */
  const run = (env: Record<string, string>): { child: Child; stderr: () => string[] } => {
    const base = { SVC_DIMS: String(DIMS), SVC_LISTEN_ADDR: '127.0.0.1:0', SVC_DATA_DIR: path.join(dir, 'data') };
    const child = startChild(process.execPath, [SLUICE_BIN, 'vector-cache'], { env: { ...base, ...env }, cwd: dir });
    let text = '';
    child.process.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    return { child, stderr: () => text.split('\n').filter((line) => line !== '') };
  };

  /** Exits 1 with exactly one line on stderr, naming `variable` and no stack. */
  const assertRefused = async (env: Record<string, string>, variable: string) => {
    const { child, stderr } = run(env);
    const exit = await child.exited;
    assert.deepEqual(exit, { code: 1, signal: null }, child.lines.join('\n'));
    const lines = stderr();
    assert.equal(lines.length, 1, `stderr:\n${lines.join('\n')}`);
    assert.match(lines[0]!, new RegExp(`^sluice vector-cache: ${variable}: `));
    assert.ok(!child.lines.some((line) => line.startsWith('    at ')), 'a stack trace');
  };

  for (const [variable, env] of [
    ['SVC_DIMS', { SVC_DIMS: 'abc' }],
    ['SVC_DIMS', { SVC_DIMS: '' }],
    ['SVC_DURABILITY', { SVC_DURABILITY: 'fast' }],
    ['SVC_LISTEN_ADDR', { SVC_LISTEN_ADDR: 'nope' }],
    ['SVC_AUTH_REQUIRED', { SVC_AUTH_REQUIRED: '1' }],
  ] as const) {
    it(`${Object.entries(env)[0]!.join('=')}: exits 1 with one line naming ${variable}`, async () => {
      await assertRefused(env, variable);
    });
  }

  it('an address it cannot listen on: exits 1 naming SVC_LISTEN_ADDR', async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = taken.address() as { port: number };
      await assertRefused({ SVC_LISTEN_ADDR: `127.0.0.1:${port}` }, 'SVC_LISTEN_ADDR');
      // 192.0.2.1 (TEST-NET-1) is no address of this machine.
      await assertRefused({ SVC_LISTEN_ADDR: '192.0.2.1:0' }, 'SVC_LISTEN_ADDR');
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('a data directory it cannot create: exits 1 naming SVC_DATA_DIR', async () => {
    const file = path.join(dir, 'a-file');
    await writeFile(file, 'not a directory');
    await assertRefused({ SVC_DATA_DIR: path.join(file, 'data') }, 'SVC_DATA_DIR');
  });

  it('listens on the real port for :0, serves, and on SIGTERM exits 0 after writing the paired set', async () => {
    const { child, stderr } = run({ SVC_LOG_LEVEL: 'warn' });
    const line = await child.waitForLine(/listening on /, 20_000);
    const url = /listening on (http:\/\/127\.0\.0\.1:(\d+))\b/.exec(line);
    assert.ok(url !== null, line);
    assert.notEqual(Number(url[2]), 0);
    assert.equal((await fetch(`${url[1]}/healthz`)).status, 200);
    const insert = await fetch(`${url[1]}/v1/insert`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ext_id: 7, vector: axis(1), answer: 'seven' }),
    });
    assert.equal(insert.status, 200);

    child.signal('SIGTERM');
    assert.deepEqual(await child.exited, { code: 0, signal: null });
    assert.deepEqual(stderr(), []);
    const data = path.join(dir, 'data');
    const names = await readdir(data);
    for (const name of ['vcal.index', 'answers.json', 'tombstones.json'])
      assert.ok(names.includes(name), `${name} in ${names.join(', ')}`);
    const answers = JSON.parse(await readFile(path.join(data, 'answers.json'), 'utf8')) as {
      answers: Record<string, { answer: string }>;
    };
    assert.equal(answers.answers['7']?.answer, 'seven');
  });
});
