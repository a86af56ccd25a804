import assert from 'node:assert/strict';
import type { DirectiveSpec } from '@sluice/config';
import { maskUrl } from '@sluice/util';
import { GATEWAY_DIRECTIVE_SETS } from '@sluice/preset-gateway';
import { writeConfig } from '../../apps/cli/gateway-process.js';
import { sluiceInProcess } from '../../apps/cli/run-sluice.js';

/** Every directive of the gateway whose value is a URL, found by its argument's name, and every key. */
const directives = GATEWAY_DIRECTIVE_SETS.flatMap((set) => Object.entries(set));
const URL_DIRECTIVES = directives.filter(([name, spec]) => spec.args.some((arg) => arg.name === 'url') || name.endsWith('_url'));
// A key held in one word; `client_key <id> sha256:<hex> { … }` names a key by its digest and is not one of them.
const KEY_DIRECTIVES = directives.filter(([name, spec]) => /(^|_)(api_)?key$/.test(name) && spec.args.length === 1);

/** A URL with every kind of credential, numbered so a leak names its directive. */
function urlWithSecrets(name: string, n: number): string {
  const scheme = name.includes('kv') ? 'rediss' : 'https';
  // A Qdrant URL names a host and port only: its directive refuses a path or query.
  if (name === 'vectordb_url') return `${scheme}://user-${n}:password-${n}@host-${n}.example:6380`;
  return `${scheme}://user-${n}:password-${n}@host-${n}.example:6380/v1?api_key=query-key-${n}&page=2`;
}

/** A key its directive accepts: a `sha256:<hex>` digest where the word asks for one, else a plain key; numbered so a leak names its directive. */
function keyValue(spec: DirectiveSpec, n: number): string {
  const pattern = (spec.args[0]?.schema as { pattern?: string } | undefined)?.pattern;
  return pattern?.startsWith('^sha256:') === true ? `sha256:${String(n).padStart(64, 'e')}` : `key-secret-${n}`;
}

describe('sluice gateway --print-config masks the credentials of every URL directive', function () {
  this.timeout(20_000);

  it('finds the URL directives and the key directives in the directive tables', () => {
    const urls = URL_DIRECTIVES.map(([name]) => name);
    for (const known of ['upstream_base_url', 'embedding_base_url', 'vectordb_url', 'kv_url', 'audit_url', 'security_guard_url'])
      assert.ok(urls.includes(known), `${known} in ${urls.join(', ')}`);
    assert.ok(KEY_DIRECTIVES.length >= 6, KEY_DIRECTIVES.map(([name]) => name).join(', '));
  });

  for (const [index, [name, spec]] of URL_DIRECTIVES.entries()) {
    it(`${name}${spec.secret === true ? ' (secret: masked whole)' : ''}`, async () => {
      const value = urlWithSecrets(name, index);
      const file = await writeConfig(`${name} "${value}";\n`);
      const printed = await sluiceInProcess('gateway', '--config', file, '--print-config');
      assert.equal(printed.code, 0, printed.err);
      for (const secret of [`password-${index}`, `query-key-${index}`]) assert.ok(!printed.out.includes(secret), printed.out);
      const line = printed.out.split('\n').find((text) => text.startsWith(`${name} `));
      if (spec.secret === true) assert.equal(line, `${name} ********;`);
      else assert.equal(line, `${name} ${maskUrl(value)};`);
    });
  }

  it('masks every key directive', async () => {
    const values = KEY_DIRECTIVES.map(([, spec], n) => keyValue(spec, n));
    const text = KEY_DIRECTIVES.map(([name], n) => `${name} ${values[n]};`).join('\n');
    const printed = await sluiceInProcess('gateway', '--config', await writeConfig(`${text}\n`), '--print-config');
    assert.equal(printed.code, 0, printed.err);
    for (const value of values) assert.ok(!printed.out.includes(value), printed.out);
    for (const [name] of KEY_DIRECTIVES) assert.match(printed.out, new RegExp(`^${name} \\*{8};$`, 'm'));
  });
});

describe('maskUrl', () => {
  const cases: readonly [string, string][] = [
    ['https://bob:hunter2@proxy.example/v1?api_key=abc&x=1', 'https://bob:***@proxy.example/v1?api_key=***&x=1'],
    ['redis://:pw@cache:6379/0', 'redis://:***@cache:6379/0'],
    ['https://tok_123@host/x', 'https://***@host/x'],
    [
      'http://h/?apiKey=1&accessToken=2&sig=3&X-Amz-Signature=4&token=5&password=6&page=2',
      'http://h/?apiKey=***&accessToken=***&sig=***&X-Amz-Signature=***&token=***&password=***&page=2',
    ],
    ['http://127.0.0.1:8101', 'http://127.0.0.1:8101'],
    ['local', 'local'],
    ["invalid URL 'https://u:p@host' in a message", "invalid URL 'https://u:***@host' in a message"],
    ['https://u:p/ss@host', 'https://u:***@host'],
    ['http://a@b@host:1/x?email=a@b', 'http://***@host:1/x?email=a@b'],
    ['two: http://a:1@x and https://b:2@y/z', 'two: http://a:***@x and https://b:***@y/z'],
  ];
  for (const [text, masked] of cases) it(text, () => assert.equal(maskUrl(text), masked));
});
