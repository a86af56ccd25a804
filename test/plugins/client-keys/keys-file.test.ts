import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigErrors } from '@sluice/config';
import { keyHash, newClientKey, parseKeys, readKeysFile } from '@sluice/plugin-client-keys';
import OpenAI from 'openai';
import { ask, startKeyedGateway } from './keyed-gateway.js';

const HASH = keyHash('sk-sluice-example');

function problems(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof ConfigErrors, String(error));
    return error.errors.map((e) => e.message);
  }
  assert.fail('expected the keys file to be refused');
}

describe('client-keys: keys file', () => {
  it('reads each client_key with its block, defaults filled in', () => {
    const keys = parseKeys(
      `# keys of the billing team
client_key billing-app ${HASH} {
  tenant acme;
  models gpt-4o-mini other-model;
  cache_share on;
  cache_controls off;
  requests_per_minute 60;
  tokens_per_minute 100000;
  concurrent_requests 4;
  budget 5000000 day;
}
client_key plain ${keyHash('another')};
`,
      'keys.conf',
    );
    assert.deepEqual(keys, [
      {
        id: 'billing-app',
        hash: HASH,
        settings: {
          tenant: 'acme',
          models: ['gpt-4o-mini', 'other-model'],
          cacheShare: true,
          cacheControls: false,
          requestsPerMinute: 60,
          tokensPerMinute: 100000,
          concurrentRequests: 4,
          budget: { microUsd: 5000000, period: 'day' },
        },
      },
      { id: 'plain', hash: keyHash('another'), settings: { tenant: 'default', cacheShare: false, cacheControls: true } },
    ]);
  });

  it('names the line of every problem, and never repeats a key written where its hash belongs', () => {
    const key = newClientKey();
    const found = problems(() =>
      parseKeys(
        `client_key good ${HASH} { tenant acme; }
listen_addr 127.0.0.1:1;
client_key pasted ${key};
client_key bad-tenant ${keyHash('x')} { tenant "no spaces"; }
client_key unknown ${keyHash('y')} { tenant acme; rpm 5; }
client_key "bad id!" ${keyHash('z')};
`,
        'keys.conf',
      ),
    );
    assert.equal(found.length, 5, found.join('\n'));
    assert.match(found[0]!, /^keys\.conf:2:1: unknown directive "listen_addr"/);
    assert.match(found[1]!, /^keys\.conf:3:\d+: client_key: <sha256:<hex>> must match pattern/);
    assert.ok(!found.join('\n').includes(key), 'a pasted key was echoed');
    assert.match(found[2]!, /^keys\.conf:4:\d+: in client_key bad-tenant: tenant: /);
    assert.match(found[3]!, /^keys\.conf:5:\d+: in client_key unknown: unknown directive "rpm"/);
    assert.match(found[4]!, /^keys\.conf:6:\d+: client_key: <id> must match pattern/);
  });

  it('refuses two keys with one id or one hash', () => {
    assert.match(
      problems(() => parseKeys(`client_key a ${HASH};\nclient_key a ${keyHash('b')};`, 'k.conf'))[0]!,
      /id "a" is defined twice/,
    );
    assert.match(problems(() => parseKeys(`client_key a ${HASH};\nclient_key b ${HASH};`, 'k.conf'))[0]!, /hash of another key/);
  });

  it('says which file it could not read', async () => {
    await assert.rejects(readKeysFile('/nonexistent/keys.conf'), /client_keys_file \/nonexistent\/keys\.conf: ENOENT/);
  });
});

describe('client-keys: keys file in a running gateway', function () {
  this.timeout(20_000);
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sluice-keys-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('admits the file’s keys, and reads the file again on reload (SIGHUP): new keys work, removed ones stop', async () => {
    const first = newClientKey();
    const second = newClientKey();
    const keysFile = join(dir, 'keys.conf');
    await writeFile(keysFile, `client_key first ${keyHash(first)} { tenant acme; }\n`);
    const gw = await startKeyedGateway(
      { clientAuth: 'required', keysFile },
      {},
      { path: join(dir, 'gateway.conf'), text: gatewayConf },
    );
    try {
      assert.equal((await ask(gw.client(first))).object, 'chat.completion');
      await assert.rejects(ask(gw.client(second)), OpenAI.AuthenticationError);

      await writeFile(keysFile, `client_key second ${keyHash(second)} { tenant beta; }\n`);
      assert.equal(await gw.gateway.reload(), true);
      assert.equal((await ask(gw.client(second))).object, 'chat.completion');
      await assert.rejects(ask(gw.client(first)), OpenAI.AuthenticationError);
      const completed = gw.events.filter((e) => e.event_type === 'request.completed').at(-1);
      assert.deepEqual(completed?.actor, { tenant_id: 'beta', application_id: 'second' });

      // A broken file on reload keeps the running keys, and the log names its line.
      await writeFile(keysFile, `client_key second ${keyHash(second)} {\n  tenant beta;\n  models;\n}\n`);
      assert.equal(await gw.gateway.reload(), false);
      assert.equal((await ask(gw.client(second))).object, 'chat.completion');
      assert.match(gw.logs.join(''), /keys\.conf:3:\d+: in client_key second: models takes at least 1 word/);
    } finally {
      await gw.close();
    }
  });

  it('refuses to start with a broken keys file, naming its line', async () => {
    const keysFile = join(dir, 'keys.conf');
    await writeFile(keysFile, `client_key ok ${keyHash('a')};\nclient_key broken ${keyHash('b')} { cache_share maybe; }\n`);
    await assert.rejects(
      startKeyedGateway({ clientAuth: 'required', keysFile }),
      /keys\.conf:2:\d+: in client_key broken: cache_share: <flag> must be on, off/,
    );
  });
});

function gatewayConf(upstreamBaseUrl: string): string {
  return `upstream_base_url ${upstreamBaseUrl};
upstream_api_key sk-upstream-operator-key;
model_price test-model 1.0 2.0;
log_level silent;
`;
}
