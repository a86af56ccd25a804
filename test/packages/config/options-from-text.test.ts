import assert from 'node:assert/strict';
import Type from 'typebox';
import { directive, directivesOf, optionsFromConfig, optionsFromText, parseConfig, resolveConfig } from '@sluice/config';
import { configProblems } from './config-problems.js';

const KeySettingsSchema = Type.Object({
  tenant: Type.String({ default: 'default', ...directive('tenant', { summary: 'Tenant.' }) }),
  requestsPerMinute: Type.Optional(Type.Integer({ minimum: 1, ...directive('requests_per_minute', { summary: 'Rate.' }) })),
});

const KeysFileSchema = Type.Object({
  clientKeys: Type.Array(
    Type.Object({
      id: Type.String({ word: 'id' }),
      hash: Type.String({ pattern: '^sha256:[0-9a-f]{64}$', word: 'sha256:<hex>' }),
      settings: KeySettingsSchema,
    }),
    { default: [], ...directive('client_key', { summary: 'A client key.', block: 'settings' }) },
  ),
});

const RequiredSchema = Type.Object({
  realm: Type.String({ ...directive('realm', { summary: 'Realm.' }) }),
});

const HASH = `sha256:${'0123456789abcdef'.repeat(4)}`;

describe('options from text', () => {
  it('reads a file holding only one schema’s directives, as parse, resolve and optionsFromConfig do', () => {
    const text = `# keys\nclient_key billing ${HASH} { tenant acme; requests_per_minute 60; }\nclient_key batch ${HASH};\n`;
    const options = optionsFromText(KeysFileSchema, text, { file: 'keys.conf', env: {} });
    assert.deepEqual(options.clientKeys, [
      { id: 'billing', hash: HASH, settings: { tenant: 'acme', requestsPerMinute: 60 } },
      { id: 'batch', hash: HASH, settings: { tenant: 'default' } },
    ]);
    const doc = parseConfig(text, { file: 'keys.conf', env: {} });
    assert.deepEqual(options, optionsFromConfig(KeysFileSchema, resolveConfig(doc, [directivesOf(KeysFileSchema)])));
    assert.deepEqual(optionsFromText(KeysFileSchema, '', { file: 'keys.conf' }).clientKeys, []);
  });

  it('refuses any other directive, and reports every problem at once', () => {
    assert.deepEqual(
      configProblems(() =>
        optionsFromText(KeysFileSchema, `listen_addr x;\nclient_key a sha256:no { tenant; }\n`, { file: 'keys.conf' }),
      ),
      [
        'keys.conf:1:1: unknown directive "listen_addr"',
        'keys.conf:2:14: client_key: <sha256:<hex>> must match pattern "^sha256:[0-9a-f]{64}$"',
        'keys.conf:2:26: in client_key a: tenant takes 1 word: <value> (found 0)',
      ],
    );
  });

  it('throws syntax problems and problems of the whole file as ConfigErrors too', () => {
    assert.deepEqual(
      configProblems(() => optionsFromText(KeysFileSchema, `client_key a ${HASH} { tenant a;`, { file: 'keys.conf' })),
      ['keys.conf:1:86: block opened here is never closed with }'],
    );
    assert.deepEqual(
      configProblems(() => optionsFromText(RequiredSchema, '', { file: 'realm.conf' })),
      ['realm.conf: realm is not set'],
    );
  });
});
