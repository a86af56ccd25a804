import assert from 'node:assert/strict';
import Type, { type Static } from 'typebox';
import {
  directive,
  directivesOf,
  directiveTable,
  optionSet,
  optionsFromConfig,
  parseConfig,
  printConfig,
  ResolvedConfig,
  resolveConfig,
} from '@sluice/config';
import { configProblems } from './config-problems.js';

/** Limits as a key or a tenant carries them (the shape of the caller package's limits). */
const LimitsSchema = Type.Object(
  {
    requestsPerMinute: Type.Optional(
      Type.Integer({ minimum: 1, ...directive('requests_per_minute', { summary: 'Requests per minute.' }) }),
    ),
    tokensPerMinute: Type.Optional(
      Type.Integer({ minimum: 1, ...directive('tokens_per_minute', { summary: 'Tokens per minute.' }) }),
    ),
    budget: Type.Optional(
      Type.Object(
        {
          microUsd: Type.Integer({ minimum: 0, word: 'micro_usd' }),
          period: Type.Union([Type.Literal('day'), Type.Literal('month')], { word: 'day|month' }),
        },
        { additionalProperties: false, ...directive('budget', { summary: 'Spend per period.' }) },
      ),
    ),
  },
  { additionalProperties: false },
);

const KeySettingsSchema = Type.Object(
  {
    tenant: Type.String({ default: 'default', ...directive('tenant', { summary: 'The tenant the key belongs to.' }) }),
    models: Type.Array(Type.String(), { default: [], ...directive('models', { summary: 'Models the key may call.' }) }),
    cacheShare: Type.Boolean({ default: true, ...directive('cache_share', { summary: 'Share the cache.' }) }),
    window: Type.Number({
      minimum: 1,
      default: 60,
      ...directive('window', { unit: 'duration', summary: 'Accounting window.' }),
    }),
    upstreamKey: Type.Optional(
      Type.String({ ...directive('upstream_key', { secret: true, word: 'key', summary: 'Key sent upstream.' }) }),
    ),
    allow: Type.Array(Type.String(), {
      default: [],
      ...directive('allow', { repeatable: true, word: 'path', summary: 'One allowed path.' }),
    }),
    headers: Type.Array(Type.Object({ name: Type.String({ word: 'name' }), value: Type.String({ word: 'value' }) }), {
      default: [],
      ...directive('header', { summary: 'A header to add.' }),
    }),
    limits: LimitsSchema,
  },
  {
    additionalProperties: false,
    ...optionSet({
      check: (o: { tenant: string; cacheShare: boolean }) =>
        o.tenant === 'shared' && !o.cacheShare ? 'tenant shared must share the cache' : undefined,
    }),
  },
);

const TenantSettingsSchema = Type.Object({ limits: LimitsSchema }, { additionalProperties: false });

const KeysFileSchema = Type.Object(
  {
    clientKeys: Type.Optional(
      Type.Array(
        Type.Object({
          id: Type.String({ pattern: '^[A-Za-z0-9._-]{1,64}$', word: 'id' }),
          hash: Type.String({ pattern: '^sha256:[0-9a-f]{64}$', word: 'sha256:<hex>' }),
          settings: KeySettingsSchema,
        }),
        { ...directive('client_key', { summary: 'A client key and its settings.', block: 'settings' }) },
      ),
    ),
    tenantLimits: Type.Optional(
      Type.Array(Type.Object({ tenant: Type.String({ word: 'tenant' }), settings: TenantSettingsSchema }), {
        ...directive('tenant_limits', { summary: 'Limits of a whole tenant.', block: 'settings' }),
      }),
    ),
    listen: Type.String({ default: '127.0.0.1:8080', ...directive('listen_addr', { summary: 'Where to listen.' }) }),
  },
  { additionalProperties: false },
);

type KeysFile = Static<typeof KeysFileSchema>;

const HASH = `sha256:${'9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'}`;
const HASH2 = `sha256:${'a'.repeat(64)}`;

const resolve = (text: string) =>
  resolveConfig(parseConfig(text, { file: 'keys.conf', env: {} }), [directivesOf(KeysFileSchema)]);
const read = (text: string): KeysFile => optionsFromConfig(KeysFileSchema, resolve(text));
const problems = (text: string) => configProblems(() => resolve(text));

describe('config block directives', () => {
  it('reads a block against the nested schema: words, units, lists, records, nested records', () => {
    const options = read(
      `client_key billing-app ${HASH} {
        tenant acme;
        models gpt-4o-mini gpt-4o;
        requests_per_minute 60;
        budget 5000000 day;
        cache_share off;
        window 2m;
        allow /v1/chat;
        allow /v1/embeddings;
        header x-team billing;
        header x-env prod;
      }
      tenant_limits acme { tokens_per_minute 200000; budget 100000000 month; }
      `,
    );
    assert.deepEqual(options.clientKeys, [
      {
        id: 'billing-app',
        hash: HASH,
        settings: {
          tenant: 'acme',
          models: ['gpt-4o-mini', 'gpt-4o'],
          cacheShare: false,
          window: 120,
          allow: ['/v1/chat', '/v1/embeddings'],
          headers: [
            { name: 'x-team', value: 'billing' },
            { name: 'x-env', value: 'prod' },
          ],
          limits: { requestsPerMinute: 60, budget: { microUsd: 5_000_000, period: 'day' } },
        },
      },
    ]);
    assert.deepEqual(options.tenantLimits, [
      { tenant: 'acme', settings: { limits: { tokensPerMinute: 200_000, budget: { microUsd: 100_000_000, period: 'month' } } } },
    ]);
    assert.equal(options.listen, '127.0.0.1:8080');
  });

  it('reads a statement without a block, or with an empty one, as the nested defaults', () => {
    const defaults = { tenant: 'default', models: [], cacheShare: true, window: 60, allow: [], headers: [], limits: {} };
    const options = read(`client_key batch-job ${HASH2};\nclient_key other ${HASH} { }\n`);
    assert.deepEqual(options.clientKeys, [
      { id: 'batch-job', hash: HASH2, settings: defaults },
      { id: 'other', hash: HASH, settings: defaults },
    ]);
    // Nothing written: no keys at all, not an empty key.
    assert.equal(read('listen_addr 0.0.0.0:80;').clientKeys, undefined);
  });

  it('keeps each statement apart: one key’s block does not leak into the next', () => {
    const options = read(`client_key a ${HASH} { tenant t1; allow /x; }\nclient_key b ${HASH2} { allow /y; }\n`);
    assert.deepEqual(
      options.clientKeys?.map((k) => [k.settings.tenant, k.settings.allow]),
      [
        ['t1', ['/x']],
        ['default', ['/y']],
      ],
    );
  });

  it('reports problems inside a block at the inner statement, naming the block, all in one pass', () => {
    const text = [
      `client_key billing-app ${HASH} {`,
      '  tenent acme;',
      '  requests_per_minute 0;',
      '  window soon;',
      '  tenant a;',
      '  tenant b;',
      '  budget 5 week;',
      '}',
      'client_key "bad id" sha256:xyz { cache_share maybe; }',
      'listen_adr x;',
    ].join('\n');
    assert.deepEqual(problems(text), [
      'keys.conf:2:3: in client_key billing-app: unknown directive "tenent"; did you mean "tenant"?',
      'keys.conf:3:23: in client_key billing-app: requests_per_minute: <count> must be >= 1',
      'keys.conf:4:10: in client_key billing-app: window: <seconds> must be a duration like 30, 30s, 500ms, 2m or 1h, not "soon"',
      'keys.conf:6:3: in client_key billing-app: directive "tenant" is already set on line 5',
      'keys.conf:7:12: in client_key billing-app: budget: <day|month> must be one of day, month, not "week"',
      'keys.conf:9:12: client_key: <id> must match pattern "^[A-Za-z0-9._-]{1,64}$"',
      'keys.conf:9:46: in client_key bad id: cache_share: <flag> must be on, off, true or false, not "maybe"',
      'keys.conf:10:1: unknown directive "listen_adr"; did you mean "listen_addr"?',
    ]);
  });

  it('reports the block schema’s own cross-check at the statement', () => {
    assert.deepEqual(problems(`\n  client_key shared-key ${HASH} { tenant shared; cache_share off; }`), [
      'keys.conf:2:3: in client_key shared-key: tenant shared must share the cache',
    ]);
  });

  it('nests blocks: a block directive inside a block', () => {
    const Route = Type.Object({ path: Type.String({ word: 'path' }), settings: KeySettingsSchema });
    const Host = Type.Object({
      routes: Type.Array(Route, { default: [], ...directive('route', { summary: 'A route.', block: 'settings' }) }),
      name: Type.Optional(Type.String({ ...directive('name', { summary: 'Name.' }) })),
    });
    const Outer = Type.Object({
      hosts: Type.Optional(
        Type.Array(Type.Object({ host: Type.String({ word: 'host' }), settings: Host }), {
          ...directive('host', { summary: 'A host.', block: 'settings' }),
        }),
      ),
    });
    const text = 'host a.example {\n  name a;\n  route /v1 { tenant t; requests_per_minute 5; }\n  route /v2;\n}\n';
    const options = optionsFromConfig(Outer, resolveConfig(parseConfig(text, { file: 'n.conf' }), [directivesOf(Outer)]));
    const host = options.hosts?.[0];
    assert.equal(host?.settings.name, 'a');
    assert.deepEqual(
      host?.settings.routes.map((r) => [r.path, r.settings.tenant, r.settings.limits.requestsPerMinute]),
      [
        ['/v1', 't', 5],
        ['/v2', 'default', undefined],
      ],
    );
    const bad = 'host a.example {\n  route /v1 {\n    tenant;\n  }\n}\n';
    assert.deepEqual(
      configProblems(() => resolveConfig(parseConfig(bad, { file: 'n.conf' }), [directivesOf(Outer)])),
      ['n.conf:3:5: in host a.example: in route /v1: tenant takes 1 word: <value> (found 0)'],
    );
  });

  it('reads a block directive of no words, a single record (not a list)', () => {
    const Schema = Type.Object({
      fallback: Type.Optional(
        Type.Object({ limits: LimitsSchema }, { ...directive('fallback_limits', { summary: 'Fallback.', block: 'limits' }) }),
      ),
    });
    const resolveWith = (text: string) => resolveConfig(parseConfig(text, { file: 'f.conf' }), [directivesOf(Schema)]);
    const options = optionsFromConfig(Schema, resolveWith('fallback_limits { requests_per_minute 5; }'));
    assert.deepEqual(options.fallback, { limits: { requestsPerMinute: 5 } });
    assert.deepEqual(optionsFromConfig(Schema, resolveWith('fallback_limits;')).fallback, { limits: {} });
    assert.equal(optionsFromConfig(Schema, resolveWith('')).fallback, undefined);
    assert.deepEqual(
      configProblems(() => resolveWith('fallback_limits { }\nfallback_limits x { requests_per_minute 5; }\nfallback_limits;')),
      [
        'f.conf:2:1: fallback_limits takes no words (found 1)',
        'f.conf:3:1: directive "fallback_limits" is already set on line 1',
      ],
    );
  });

  it('names a block by its directive alone when the directive’s words are secret', () => {
    const Settings = Type.Object({ label: Type.Optional(Type.String({ ...directive('label', { summary: 'Label.' }) })) });
    const Schema = Type.Object({
      tokens: Type.Array(Type.Object({ token: Type.String(), settings: Settings }), {
        default: [],
        ...directive('token', { summary: 'A token.', secret: true, block: 'settings' }),
      }),
    });
    const text = 'token tok-secret-1 {\n  lable a;\n}';
    assert.deepEqual(
      configProblems(() => resolveConfig(parseConfig(text, { file: 't.conf' }), [directivesOf(Schema)])),
      ['t.conf:2:3: in token: unknown directive "lable"; did you mean "label"?'],
    );
  });

  it('keeps refusing a block on a directive that does not take one', () => {
    assert.deepEqual(problems('listen_addr x { tenant a; }'), [
      'keys.conf:1:1: directive "listen_addr" does not take a { } block; end it with ;',
    ]);
  });

  it('refuses a block field that is not an options object of the record', () => {
    const missing = Type.Object({
      keys: Type.Array(Type.Object({ id: Type.String() }), { ...directive('k', { summary: 'k', block: 'settings' }) }),
    });
    assert.throws(() => directivesOf(missing), /directive "k": its block field "settings" must be an options object/);
    const notRecord = Type.Object({ k: Type.String({ ...directive('k', { summary: 'k', block: 'settings' }) }) });
    assert.throws(() => directivesOf(notRecord), /directive "k" has a block but is not a record/);
  });

  it('prints blocks back in the same syntax, secrets inside masked, and the print reads back the same', () => {
    const text = [
      `client_key billing-app ${HASH} {`,
      '  tenant acme;',
      '  models gpt-4o-mini gpt-4o;',
      '  upstream_key sk-live-abcdef;',
      '  header x-team "two words";',
      '  budget 5000000 day;',
      '}',
      `client_key batch-job ${HASH2};`,
      'tenant_limits acme;',
    ].join('\n');
    const config = resolve(text);
    const printed = printConfig(config, [directivesOf(KeysFileSchema)]);
    assert.doesNotMatch(printed, /sk-live-abcdef/);
    const lines = printed.split('\n');
    const start = lines.indexOf(`client_key billing-app ${HASH} {`);
    assert.ok(start > 0, printed);
    assert.deepEqual(lines.slice(start, start + 10), [
      `client_key billing-app ${HASH} {`,
      '    tenant acme;',
      '    models gpt-4o-mini gpt-4o;',
      '    cache_share on; # default',
      '    window 60; # default',
      '    upstream_key ********;',
      '    header x-team "two words";',
      '    budget 5000000 day;',
      '}',
      `client_key batch-job ${HASH2} {`,
    ]);
    // A block with nothing to print (no defaults, nothing written) prints as a plain statement.
    assert.ok(lines.includes('tenant_limits acme;'), printed);
    const unmasked = printed.replace('upstream_key ********;', 'upstream_key sk-live-abcdef;');
    assert.deepEqual(optionsFromConfig(KeysFileSchema, resolve(unmasked)), optionsFromConfig(KeysFileSchema, config));
  });

  it('prints a block of values built by hand, what differs from the default counting as written', () => {
    const settings = { ...read(`client_key a ${HASH};`).clientKeys![0]!.settings, tenant: 'acme', upstreamKey: 'sk-x' };
    const loc = { file: 'keys.conf', line: 1, col: 1 };
    const config = new ResolvedConfig('keys.conf', [{ name: 'client_key', value: [{ id: 'a', hash: HASH, settings }], loc }]);
    const printed = printConfig(config, [directivesOf(KeysFileSchema)]);
    assert.match(printed, new RegExp(`^client_key a ${HASH} \\{\n    tenant acme;\n    cache_share on; # default\n`, 'm'));
    assert.match(printed, /^ {4}upstream_key \*{8};$/m);
    assert.doesNotMatch(printed, /sk-x|models/);
  });

  it('lists a block directive with its words, then the directives inside it', () => {
    const rows = directiveTable(directivesOf(KeysFileSchema));
    assert.equal(
      rows[2],
      '| `client_key` | `<id>` (string) `<sha256:<hex>>` (string) `{ … }` | — | A client key and its settings. *repeatable* *block optional: its directives are listed below* |',
    );
    const inside = rows.indexOf('Inside `client_key { }`:');
    const tenantInside = rows.indexOf('Inside `tenant_limits { }`:');
    assert.ok(inside > rows.indexOf('| `listen_addr` | `<value>` (string) | `127.0.0.1:8080` | Where to listen. |'));
    assert.ok(tenantInside > inside);
    const keyRows = rows.slice(inside, tenantInside);
    assert.ok(keyRows.includes('| `tenant` | `<value>` (string) | `default` | The tenant the key belongs to. |'));
    assert.ok(
      keyRows.includes('| `budget` | `<micro_usd>` (integer, ≥ 0) `<day\\|month>` (day \\| month) | — | Spend per period. |'),
    );
    assert.ok(
      keyRows.includes('| `upstream_key` | `<key>` (string) | — | Key sent upstream. *secret (masked by --print-config)* |'),
    );
    assert.ok(rows.slice(tenantInside).some((row) => row.startsWith('| `tokens_per_minute` |')));
    assert.ok(!rows.slice(tenantInside).some((row) => row.startsWith('| `tenant` |')));
  });

  it('names a nested block by its path in the reference', () => {
    const Inner = Type.Object({ name: Type.Optional(Type.String({ ...directive('name', { summary: 'Name.' }) })) });
    const Middle = Type.Object({
      routes: Type.Array(Type.Object({ path: Type.String(), settings: Inner }), {
        default: [],
        ...directive('route', { summary: 'A route.', block: 'settings' }),
      }),
    });
    const Outer = Type.Object({
      hosts: Type.Array(Type.Object({ host: Type.String(), settings: Middle }), {
        default: [],
        ...directive('host', { summary: 'A host.', block: 'settings' }),
      }),
    });
    const rows = directiveTable(directivesOf(Outer));
    assert.ok(rows.includes('Inside `host { }`:'));
    assert.ok(rows.includes('Inside `host { route { } }`:'));
    assert.ok(rows.at(-1)?.startsWith('| `name` |'));
  });
});
