import assert from 'node:assert/strict';
import Type from 'typebox';
import { defineDirectives } from '@sluice/config';
import { parseConfig, resolveConfig } from '@sluice/config';
import { configProblems } from './config-problems.js';

const directives = defineDirectives({
  listen_addr: { summary: 'where', args: [{ name: 'address', schema: Type.String() }], default: '127.0.0.1:8080' },
  streaming_enabled: { summary: 'flag', args: [{ name: 'flag', schema: Type.Boolean() }], default: false },
  timeout_seconds: { summary: 'd', args: [{ name: 'seconds', schema: Type.Number({ minimum: 0 }), unit: 'duration' }] },
  max_body: { summary: 's', args: [{ name: 'size', schema: Type.Integer({ minimum: 1 }), unit: 'size' }] },
  workers: { summary: 'n', args: [{ name: 'count', schema: Type.Integer({ minimum: 1, maximum: 8 }) }] },
  mode: { summary: 'm', args: [{ name: 'mode', schema: Type.Union([Type.Literal('enforce'), Type.Literal('observe')]) }] },
  model_price: {
    summary: 'p',
    repeatable: true,
    args: [
      { name: 'model', schema: Type.String() },
      { name: 'input_price', schema: Type.Number({ minimum: 0 }) },
      { name: 'output_price', schema: Type.Number({ minimum: 0 }) },
    ],
  },
  base_url: {
    summary: 'u',
    args: [{ name: 'url', schema: Type.String() }],
    check: (v) => (String(v).endsWith('/chat/completions') ? 'not an endpoint' : undefined),
  },
});

const resolve = (text: string) => resolveConfig(parseConfig(text, { file: 'r.conf', env: {} }), [directives]);

const problems = (text: string) => configProblems(() => resolve(text));

describe('config resolution', () => {
  it('reads booleans, numbers, durations, sizes, enums and repeatable tuples', () => {
    const config = resolve(
      'streaming_enabled on;\ntimeout_seconds 500ms;\nmax_body 1MiB;\nworkers 4;\nmode observe;\nmodel_price a 1 2;\nmodel_price b 0.5 1.5;\n',
    );
    assert.equal(config.get('streaming_enabled'), true);
    assert.equal(config.get('timeout_seconds'), 0.5);
    assert.equal(config.get('max_body'), 1048576);
    assert.equal(config.get('workers'), 4);
    assert.equal(config.get('mode'), 'observe');
    assert.deepEqual(config.get('model_price'), [
      ['a', 1, 2],
      ['b', 0.5, 1.5],
    ]);
  });

  it('accepts every duration and size unit', () => {
    for (const [word, seconds] of [
      ['30', 30],
      ['30s', 30],
      ['1.5s', 1.5],
      ['2m', 120],
      ['1h', 3600],
    ] as const) {
      assert.equal(resolve(`timeout_seconds ${word};`).get('timeout_seconds'), seconds);
    }
    for (const [word, bytes] of [
      ['512', 512],
      ['512k', 524288],
      ['512KiB', 524288],
      ['2m', 2097152],
      ['1g', 1073741824],
    ] as const) {
      assert.equal(resolve(`max_body ${word};`).get('max_body'), bytes);
    }
  });

  it('applies defaults and tells written from defaulted', () => {
    const config = resolve('workers 2;');
    assert.equal(config.get('listen_addr'), '127.0.0.1:8080');
    assert.equal(config.has('listen_addr'), false);
    assert.equal(config.has('workers'), true);
    assert.deepEqual(config.loc('workers'), { file: 'r.conf', line: 1, col: 1 });
    assert.equal(config.get('timeout_seconds'), undefined);
  });

  it('reports every problem at once, in file order, with positions', () => {
    const found = problems(
      'cache_tll 1;\nstreaming_enabled maybe;\nworkers 9;\nworkers 2;\nworkers 3;\nmodel_price a 1;\nmode audit;\nbase_url http://x/v1/chat/completions;\n',
    );
    assert.deepEqual(found, [
      'r.conf:1:1: unknown directive "cache_tll"',
      'r.conf:2:19: streaming_enabled: <flag> must be on, off, true or false, not "maybe"',
      'r.conf:3:9: workers: <count> must be <= 8',
      'r.conf:5:1: directive "workers" is already set on line 4',
      'r.conf:6:1: model_price takes 3 words: <model> <input_price> <output_price> (found 2)',
      'r.conf:7:6: mode: <mode> must be one of enforce, observe, not "audit"',
      'r.conf:8:1: base_url: not an endpoint',
    ]);
  });

  it('suggests the intended directive', () => {
    assert.match(problems('listen_adr 1:2;')[0] ?? '', /did you mean "listen_addr"\?/);
  });

  it('rejects a block on a plain directive, a bad number, a bad duration', () => {
    assert.match(problems('workers 2 { x 1; }')[0] ?? '', /does not take a \{ \} block/);
    assert.match(problems('workers two;')[0] ?? '', /<count> must be a number, not "two"/);
    assert.match(problems('timeout_seconds 5 minutes;')[0] ?? '', /takes 1 word/);
    assert.match(problems('timeout_seconds 5min;')[0] ?? '', /must be a duration/);
    assert.match(problems('workers 1e999;')[0] ?? '', /must be a number/);
  });

  it('refuses two sets that declare the same directive', () => {
    assert.throws(
      () => resolveConfig(parseConfig('', { file: 'x', env: {} }), [directives, directives]),
      /declared by two directive sets/,
    );
  });
});
