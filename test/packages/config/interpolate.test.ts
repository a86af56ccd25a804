import assert from 'node:assert/strict';
import { ConfigError } from '@sluice/config';
import { parseConfig } from '@sluice/config';

const words = (text: string, env: Record<string, string>) =>
  parseConfig(text, { file: 'i.conf', env }).statements[0]?.args.map((a) => a.value);

describe('config interpolation', () => {
  it('replaces ${NAME} in words and strings', () => {
    assert.deepEqual(words('k ${A} "x-${A}-y";', { A: 'v' }), ['v', 'x-v-y']);
  });

  it('uses the default of ${NAME:-default} when unset or empty, including URLs and empty defaults', () => {
    assert.deepEqual(words('k ${URL:-https://api.openai.com/v1} "${KEY:-dummy}" "${E:-}";', { KEY: '' }), [
      'https://api.openai.com/v1',
      'dummy',
      '',
    ]);
    assert.deepEqual(words('k ${URL:-http://x:1/v1};', { URL: 'http://set' }), ['http://set']);
  });

  it('keeps an escaped dollar literal', () => {
    assert.deepEqual(words('k "\\${A}";', { A: 'v' }), ['${A}']);
  });

  it('names an unset variable at its position', () => {
    assert.throws(
      () => words('k 1;\nkey ${MISSING};', {}),
      (e: unknown) => e instanceof ConfigError && /^i\.conf:2:5: environment variable MISSING is not set/.test(e.message),
    );
  });

  it('rejects a malformed reference', () => {
    assert.throws(() => words('k "${1A}";', {}), /malformed \$\{…\}/);
  });
});
