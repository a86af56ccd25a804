import assert from 'node:assert/strict';
import Type from 'typebox';
import {
  ConfigError,
  configOptionsProblem,
  directive,
  directivesOf,
  directiveTable,
  enabledInConfig,
  inherits,
  optionSet,
  directiveValuesOf,
  optionsFromConfig,
  optionsProblem,
  parseConfig,
  withInherited,
  printConfig,
  resolveConfig,
  type DirectiveSet,
} from '@sluice/config';
import { configProblems } from './config-problems.js';

interface Price {
  model: string;
  input: number;
  output: number;
}

const Price = Type.Object(
  {
    model: Type.String({ minLength: 1 }),
    input: Type.Number({ minimum: 0, word: 'input_price' }),
    output: Type.Number({ minimum: 0, word: 'output_price' }),
  },
  { additionalProperties: false },
);

const FaqOptions = Type.Object(
  {
    ttlSeconds: Type.Number({
      minimum: 1,
      default: 3600,
      ...directive('faq_ttl', { unit: 'duration', summary: 'How long an answer is kept.' }),
    }),
    maxBytes: Type.Integer({
      minimum: 1,
      default: 1024,
      ...directive('faq_max_bytes', { unit: 'size', summary: 'Largest answer.' }),
    }),
    mode: Type.Union([Type.Literal('strict'), Type.Literal('loose')], {
      default: 'strict',
      ...directive('faq_mode', { word: 'mode', summary: 'How questions match.' }),
    }),
    verify: Type.Boolean({ default: true, ...directive('faq_verify', { summary: 'Check numbers.' }) }),
    redisUrl: Type.Optional(
      Type.String({
        pattern: '^redis://',
        ...directive('faq_redis_url', { word: 'url', secret: true, summary: 'Where answers are kept.' }),
      }),
    ),
    topics: Type.Array(Type.String({ minLength: 1 }), {
      default: [],
      ...directive('faq_topics', { word: 'topic', summary: 'Topics answered.' }),
    }),
    prices: Type.Array(Price, {
      default: [],
      ...directive('faq_price', {
        summary: 'A model and its prices.',
        check: (prices: readonly Price[]) =>
          new Set(prices.map((p) => p.model)).size === prices.length ? undefined : 'a model is priced twice',
      }),
    }),
    timeoutSeconds: Type.Number({
      exclusiveMinimum: 0,
      default: 120,
      ...directive('faq_timeout_seconds', { unit: 'duration', inherits: 'request_timeout_seconds', summary: 'Call timeout.' }),
    }),
    failOpen: Type.Boolean({ default: false, ...inherits('guard_fail_open') }),
    store: Type.Object(
      {
        dataDir: Type.String({
          default: './faq',
          ...directive('faq_data_dir', { word: 'path', summary: 'Where the store lives.' }),
        }),
        shards: Type.Integer({ minimum: 1, default: 2 }),
      },
      { additionalProperties: false, default: {} },
    ),
    /** Code only: no directive. */
    onHit: Type.Optional(Type.String()),
  },
  {
    additionalProperties: false,
    ...optionSet({
      enabledBy: { directive: 'faq_enabled', summary: 'Answer FAQs.', default: false },
      check: (o: { ttlSeconds: number; timeoutSeconds: number }) =>
        o.timeoutSeconds > o.ttlSeconds ? 'faq_timeout_seconds must not exceed faq_ttl' : undefined,
    }),
  },
);

const Required = Type.Object(
  {
    url: Type.String({ ...directive('audit_url', { word: 'url', summary: 'Where.' }) }),
    key: Type.String({ ...directive('audit_key', { summary: 'Key.', secret: true }) }),
  },
  { ...optionSet({ enabledBy: { directive: 'audit_enabled', summary: 'Deliver.', default: false } }) },
);

const GatewayWide: DirectiveSet = {
  request_timeout_seconds: {
    summary: 'Outbound timeout.',
    args: [{ name: 'seconds', schema: Type.Number({ exclusiveMinimum: 0 }), unit: 'duration' }],
    default: 120,
  },
  guard_fail_open: { summary: 'Fail open.', args: [{ name: 'flag', schema: Type.Boolean() }], default: false },
};

const resolve = (text: string, sets: readonly DirectiveSet[] = [GatewayWide, directivesOf(FaqOptions)]) =>
  resolveConfig(parseConfig(text, { file: 'faq.conf', env: {} }), sets);

const problems = (text: string) => configProblems(() => resolve(text));

describe('options declared once in a schema', () => {
  it('derives one directive per option, the switch first, nested options included, code-only options left out', () => {
    assert.deepEqual(Object.keys(directivesOf(FaqOptions)), [
      'faq_enabled',
      'faq_ttl',
      'faq_max_bytes',
      'faq_mode',
      'faq_verify',
      'faq_redis_url',
      'faq_topics',
      'faq_price',
      'faq_timeout_seconds',
      'faq_data_dir',
    ]);
    assert.equal(directivesOf(FaqOptions), directivesOf(FaqOptions), 'derived once');
  });

  it('builds the options from the file, defaults from the schema', () => {
    const config = resolve(
      'faq_enabled on;\nfaq_ttl 2h;\nfaq_max_bytes 2k;\nfaq_mode loose;\nfaq_verify off;\nfaq_redis_url redis://h:6379;\n' +
        'faq_topics billing "gift cards";\nfaq_price a 1 2;\nfaq_price b 0.5 1.5;\nfaq_data_dir /var/faq;\n',
    );
    assert.equal(enabledInConfig(FaqOptions, config), true);
    assert.deepEqual(optionsFromConfig(FaqOptions, config), {
      ttlSeconds: 7200,
      maxBytes: 2048,
      mode: 'loose',
      verify: false,
      redisUrl: 'redis://h:6379',
      topics: ['billing', 'gift cards'],
      prices: [
        { model: 'a', input: 1, output: 2 },
        { model: 'b', input: 0.5, output: 1.5 },
      ],
      timeoutSeconds: 120,
      failOpen: false,
      store: { dataDir: '/var/faq', shards: 2 },
    });
  });

  it('fills every default of an empty file, and reads the switch', () => {
    const config = resolve('');
    assert.equal(enabledInConfig(FaqOptions, config), false);
    assert.deepEqual(optionsFromConfig(FaqOptions, config), {
      ttlSeconds: 3600,
      maxBytes: 1024,
      mode: 'strict',
      verify: true,
      topics: [],
      prices: [],
      timeoutSeconds: 120,
      failOpen: false,
      store: { dataDir: './faq', shards: 2 },
    });
  });

  it('takes an inherited setting when the option’s own directive is not written', () => {
    const inherited = optionsFromConfig(FaqOptions, resolve('request_timeout_seconds 30;\nguard_fail_open on;\n'));
    assert.equal(inherited.timeoutSeconds, 30);
    assert.equal(inherited.failOpen, true);
    const own = optionsFromConfig(FaqOptions, resolve('request_timeout_seconds 30;\nfaq_timeout_seconds 5;\n'));
    assert.equal(own.timeoutSeconds, 5);
  });

  it('reports bad words with file:line:col and suggests a known directive', () => {
    assert.deepEqual(problems('faq_ttl soon;\nfaq_mode fuzzy;\nfaq_tll 3;\nfaq_price a -1 2;\n'), [
      'faq.conf:1:9: faq_ttl: <seconds> must be a duration like 30, 30s, 500ms, 2m or 1h, not "soon"',
      'faq.conf:2:10: faq_mode: <mode> must be one of strict, loose, not "fuzzy"',
      'faq.conf:3:1: unknown directive "faq_tll"; did you mean "faq_ttl"?',
      'faq.conf:4:13: faq_price: <input_price> must be >= 0',
    ]);
    assert.deepEqual(problems('faq_price a 1 2;\nfaq_price a 3 4;\nfaq_topics;\n'), [
      'faq.conf:1:1: faq_price: a model is priced twice',
      'faq.conf:3:1: faq_topics takes at least 1 word: <topic>... (found 0)',
    ]);
  });

  it('runs the cross-option check', () => {
    const config = resolve('faq_ttl 10;\nfaq_timeout_seconds 20;\n');
    assert.equal(configOptionsProblem(FaqOptions, config), 'faq_timeout_seconds must not exceed faq_ttl');
    assert.throws(() => optionsFromConfig(FaqOptions, config), {
      name: 'ConfigError',
      message: 'faq_timeout_seconds must not exceed faq_ttl',
    });
  });

  it('names the directive of a required option left unset', () => {
    const sets = [directivesOf(Required)];
    const config = resolve('audit_enabled on;\naudit_key k;\n', sets);
    assert.throws(
      () => optionsFromConfig(Required, config),
      (error: unknown) => error instanceof ConfigError && error.message === 'audit_enabled is on but audit_url is not set',
    );
  });

  it('masks secrets when printed, and prints records and lists back as words', () => {
    const sets = [GatewayWide, directivesOf(FaqOptions)];
    const config = resolve('faq_redis_url "redis://:pw@h:6379";\nfaq_price "a b" 1 2;\nfaq_topics x y;\n', sets);
    const text = printConfig(config, sets);
    assert.doesNotMatch(text, /pw@/);
    assert.match(text, /^faq_redis_url \*{8};$/m);
    assert.match(text, /^faq_price "a b" 1 2;$/m);
    assert.match(text, /^faq_ttl 3600; # default$/m);
    // Masked secrets aside, what is printed reads back as the same values.
    const again = resolve(text.replace(/^faq_redis_url .*$/m, ''), sets);
    for (const name of ['faq_price', 'faq_topics', 'faq_ttl']) assert.deepEqual(again.get(name), config.get(name), name);
  });

  it('renders reference rows: words, defaults, inherited defaults, secrets', () => {
    const rows = directiveTable(directivesOf(FaqOptions));
    assert.equal(rows[2], '| `faq_enabled` | `<flag>` (boolean) | `off` | Answer FAQs. |');
    assert.ok(rows.includes('| `faq_ttl` | `<seconds>` (duration, ≥ 1) | `3600` | How long an answer is kept. |'));
    assert.ok(
      rows.includes(
        '| `faq_price` | `<model>` (string) `<input_price>` (number, ≥ 0) `<output_price>` (number, ≥ 0) | — | A model and its prices. *repeatable* |',
      ),
    );
    assert.ok(
      rows.includes('| `faq_timeout_seconds` | `<seconds>` (duration, > 0) | as `request_timeout_seconds` | Call timeout. |'),
    );
    assert.ok(
      rows.includes('| `faq_redis_url` | `<url>` (string) | — | Where answers are kept. *secret (masked by --print-config)* |'),
    );
  });

  it('refuses a directive declared twice and one without a summary', () => {
    const twice = Type.Object({
      a: Type.Number({ ...directive('x_a', { summary: 'a' }) }),
      b: Type.Number({ ...directive('x_a', { summary: 'b' }) }),
    });
    assert.throws(() => directivesOf(twice), /directive "x_a" is declared twice \(b\)/);
    assert.throws(() => directive('x_b', { summary: ' ' }), /needs a summary/);
  });

  it('fills inherited options of options composed in code, code winning', () => {
    const GatewayWideSchema = Type.Object({
      requestTimeoutSeconds: Type.Number({
        default: 120,
        ...directive('request_timeout_seconds', { unit: 'duration', summary: 'Outbound timeout.' }),
      }),
      guardFailOpen: Type.Boolean({ default: false, ...directive('guard_fail_open', { summary: 'Fail open.' }) }),
    });
    const wide = directiveValuesOf(GatewayWideSchema, { guardFailOpen: true });
    assert.equal(wide.get('guard_fail_open'), true);
    assert.equal(wide.get('request_timeout_seconds'), 120);
    assert.equal(wide.has('request_timeout_seconds'), false);
    assert.deepEqual(withInherited(FaqOptions, { ttlSeconds: 9 }, wide), { ttlSeconds: 9, timeoutSeconds: 120, failOpen: true });
    assert.deepEqual(withInherited(FaqOptions, { timeoutSeconds: 3, failOpen: false }, wide), {
      timeoutSeconds: 3,
      failOpen: false,
    });
  });

  it('runs the cross-option check on options composed in code', () => {
    assert.equal(
      optionsProblem(FaqOptions, { ttlSeconds: 10, timeoutSeconds: 20 }),
      'faq_timeout_seconds must not exceed faq_ttl',
    );
    assert.equal(optionsProblem(FaqOptions, {}), undefined);
    const twice = { model: 'a', input: 1, output: 2 };
    assert.equal(optionsProblem(FaqOptions, { prices: [twice, twice] }), 'faq_price: a model is priced twice');
  });

  it('checks an option composed in code only when it is set, never its default', () => {
    const KeyOptions = Type.Object(
      {
        apiKey: Type.String({
          default: '',
          ...directive('faq_api_key', {
            summary: 'Key sent to the FAQ service.',
            check: (key: string) => (key === '' ? '<key> must not be empty' : undefined),
          }),
        }),
      },
      { additionalProperties: false },
    );
    assert.equal(optionsProblem(KeyOptions, {}), undefined);
    assert.equal(optionsProblem(KeyOptions, { apiKey: 'k' }), undefined);
    assert.equal(optionsProblem(KeyOptions, { apiKey: '' }), undefined, 'the default, even written out, is no mistake');
    assert.throws(
      () => resolveConfig(parseConfig('faq_api_key "";\n', { file: 'faq.conf' }), [directivesOf(KeyOptions)]),
      /must not be empty/,
    );
  });
});
