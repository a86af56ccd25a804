import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { keyHash, parseKeys, RedisKeyStore } from '@sluice/plugin-client-keys';
import { CommandError } from '../../../apps/cli/src/command-error.js';
import { keysCommand, type KeyInput } from '../../../apps/cli/src/keys-command.js';
import { describeRedis } from '../../fixtures/redis.js';
import { ask, startKeyedGateway } from '../../plugins/client-keys/keyed-gateway.js';

const KEY_LINE = /^sk-sluice-[A-Za-z0-9_-]{43}$/;

/** `sluice keys …` as the CLI runs it: failures become one line on stderr and an exit code. */
async function keys(argv: string[], input: KeyInput = Readable.from([])): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  let code: number;
  try {
    code = await keysCommand(argv, { out: (line) => out.push(line), err: (line) => err.push(line) }, input);
  } catch (error) {
    if (!(error instanceof CommandError)) throw error;
    err.push(error.line());
    code = error.exitCode;
  }
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('sluice keys: without a store', () => {
  it('create --print-config prints the statement with the hash on stdout and the key once on stderr', async () => {
    const ran = await keys([
      'create',
      'billing-app',
      '--tenant',
      'acme',
      '--models',
      'gpt-4o-mini,other model',
      '--budget',
      '5000000/day',
      '--rpm',
      '60',
      '--tpm',
      '1000',
      '--concurrent',
      '3',
      '--cache-share',
      '--no-cache-controls',
      '--print-config',
    ]);
    assert.equal(ran.code, 0, ran.err);
    const key = /key billing-app: (\S+)/.exec(ran.err)?.[1] ?? '';
    assert.match(key, KEY_LINE);
    assert.match(ran.err, /only time the key is shown/);
    assert.ok(!ran.out.includes(key), 'the key reached stdout, and so the keys file');
    assert.deepEqual(parseKeys(ran.out, 'keys.conf'), [
      {
        id: 'billing-app',
        hash: keyHash(key),
        settings: {
          tenant: 'acme',
          models: ['gpt-4o-mini', 'other model'],
          cacheShare: true,
          cacheControls: false,
          requestsPerMinute: 60,
          tokensPerMinute: 1000,
          concurrentRequests: 3,
          budget: { microUsd: 5000000, period: 'day' },
        },
      },
    ]);
  });

  it('refuses a wrong command line with exit 2 and a one-line reason', async () => {
    const cases: [string[], RegExp][] = [
      [['create', 'app'], /--tenant T is required/],
      [['create', 'app', '--tenant', 'a b'], /--tenant must be 1 to 64/],
      [['create', 'bad id', '--tenant', 'acme'], /the id must be/],
      [['create', 'app', '--tenant', 'acme', '--budget', '5/week'], /--budget takes micro-USD per day or month/],
      [['create', 'app', '--tenant', 'acme', '--rpm', '0'], /--rpm must be a positive integer/],
      [['create', 'app', '--tenant', 'acme'], /no key store: give --redis URL/],
      [['create', 'app', '--tenant', 'acme', '--redis', 'redis://a', '--kv-url', 'redis://b'], /give one/],
      [['create', 'app', '--tenant', 'acme', '--redis', 'http://a'], /redis:\/\/, rediss:\/\/, redis\+cluster:\/\//],
      [['create', 'app', '--tenant', 'acme', '--print-config', '--redis', 'redis://a'], /--print-config writes nothing/],
      [['revoke'], /the ID is missing/],
      [['craete'], /unknown subcommand "craete"; did you mean "create"\?/],
    ];
    for (const [argv, expected] of cases) {
      const ran = await keys(argv);
      assert.equal(ran.code, 2, `${argv.join(' ')}: ${ran.err}`);
      assert.match(ran.err, expected, argv.join(' '));
      assert.doesNotMatch(ran.out, /sk-sluice-/);
    }
  });

  it('hash prints the sha256 of the key on stdin, without its newline', async () => {
    const ran = await keys(['hash'], Readable.from(['sk-sluice-admin\n']));
    assert.equal(ran.code, 0, ran.err);
    assert.equal(ran.out, keyHash('sk-sluice-admin'));
    assert.equal((await keys(['hash'], Readable.from(['two words']))).code, 1);
    assert.equal((await keys(['hash'], Readable.from(['']))).code, 1);
  });

  it('has help for the command and each subcommand', async () => {
    for (const argv of [['--help'], ['create', '--help'], ['list', '--help'], ['revoke', '--help'], ['hash', '--help']]) {
      const ran = await keys(argv);
      assert.equal(ran.code, 0);
      assert.match(ran.out, /^usage: sluice keys/);
    }
  });
});

describeRedis('sluice keys: the Redis key store', (redis) => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sluice-keys-cli-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('create stores the record and prints the key once; a gateway reading the store admits it', async function () {
    this.timeout(20_000);
    const store = ['--redis', redis().url, '--prefix', redis().prefix];
    const created = await keys(['create', 'fleet-app', '--tenant', 'fleet', '--rpm', '30', ...store]);
    assert.equal(created.code, 0, created.err);
    assert.match(created.out, KEY_LINE);
    const key = created.out;
    assert.match(created.err, /created client key "fleet-app" for tenant "fleet" \(sha256:[0-9a-f]{12}…\)/);
    assert.ok(!created.err.includes(key));

    const again = await keys(['create', 'fleet-app', '--tenant', 'fleet', ...store]);
    assert.equal(again.code, 1);
    assert.match(again.err, /id "fleet-app" exists/);

    const gw = await startKeyedGateway({
      clientAuth: 'required',
      redis: true,
      redisUrl: redis().url,
      redisPrefix: redis().prefix,
    });
    try {
      assert.equal((await ask(gw.client(key))).object, 'chat.completion');
      const completed = gw.events.filter((e) => e.event_type === 'request.completed').at(-1);
      assert.deepEqual(completed?.actor, { tenant_id: 'fleet', application_id: 'fleet-app' });
    } finally {
      await gw.close();
    }
    const records = await RedisKeyStore.connect({ url: redis().url, prefix: redis().prefix });
    try {
      const [record] = await records.list();
      assert.equal(record?.settings.requestsPerMinute, 30);
    } finally {
      await records.close();
    }
  });

  it('list and revoke find the store through a gateway config’s kv_url and client_keys_prefix', async () => {
    const config = join(dir, 'gateway.conf');
    await writeFile(config, `kv_url ${redis().url};\nclient_keys_prefix ${redis().prefix};\n`);
    const created = await keys(['create', 'second-app', '--tenant', 'acme', '--config', config]);
    assert.equal(created.code, 0, created.err);
    const listed = await keys(['list', '--config', config]);
    assert.equal(listed.code, 0, listed.err);
    assert.match(listed.out, /^ID\s+TENANT\s+CREATED\s+HASH/);
    assert.match(listed.out, /second-app\s+acme\s+\d{4}-\d\d-\d\dT\S+\s+sha256:[0-9a-f]{12}…/);
    assert.ok(!listed.out.includes(created.out), 'list printed a key');

    const revoked = await keys(['revoke', 'second-app', '--config', config]);
    assert.equal(revoked.code, 0, revoked.err);
    assert.match(revoked.out, /revoked "second-app"/);
    assert.doesNotMatch((await keys(['list', '--config', config])).out, /second-app/);
    const unknown = await keys(['revoke', 'second-app', '--config', config]);
    assert.equal(unknown.code, 1);
    assert.match(unknown.err, /no client key "second-app"/);
  });

  it('says which store it could not reach, with exit 1', async () => {
    const ran = await keys(['list', '--redis', 'redis://127.0.0.1:1']);
    assert.equal(ran.code, 1);
    assert.match(ran.err, /^sluice keys list: Redis at redis:\/\/127\.0\.0\.1:1 did not answer/);
  });
});
