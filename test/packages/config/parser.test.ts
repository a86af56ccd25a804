import assert from 'node:assert/strict';
import { ConfigError } from '@sluice/config';
import { parseConfig } from '@sluice/config';

const parse = (text: string, env: Record<string, string> = {}) => parseConfig(text, { file: 'gw.conf', env });

function errorAt(text: string, expected: RegExp, env: Record<string, string> = {}): void {
  assert.throws(
    () => parse(text, env),
    (error: unknown) => error instanceof ConfigError && expected.test(error.message),
  );
}

describe('config parser', () => {
  it('reads statements, words and quoted strings with their positions', () => {
    const doc = parse('# comment\nlisten_addr 127.0.0.1:8080;\n  model_price "gpt 4o" 2.5 10; # trailing\n');
    assert.equal(doc.statements.length, 2);
    const [listen, price] = doc.statements;
    assert.equal(listen?.name, 'listen_addr');
    assert.deepEqual(listen?.loc, { file: 'gw.conf', line: 2, col: 1 });
    assert.deepEqual(
      price?.args.map((a) => a.value),
      ['gpt 4o', '2.5', '10'],
    );
    assert.equal(price?.args[0]?.quoted, true);
    assert.deepEqual(price?.args[1]?.loc, { file: 'gw.conf', line: 3, col: 24 });
  });

  it('resolves escapes in quoted strings', () => {
    const doc = parse(`a "say \\"hi\\"\\n\\tnow \\\\ \\$HOME" 'it\\'s';`);
    assert.deepEqual(
      doc.statements[0]?.args.map((a) => a.value),
      ['say "hi"\n\tnow \\ $HOME', "it's"],
    );
  });

  it('keeps blocks', () => {
    const doc = parse('plugin acme { allowed_topics billing support; }\nnext 1;');
    assert.equal(doc.statements[0]?.block?.[0]?.name, 'allowed_topics');
    assert.equal(doc.statements[1]?.name, 'next');
  });

  it('reports a missing semicolon at the directive', () =>
    errorAt('listen_addr 1:2\n', /^gw\.conf:1:1: directive "listen_addr" is missing its closing ;/));
  it('reports an unterminated string where it opens', () => errorAt('a 1;\nb "open\n', /^gw\.conf:2:3: unterminated string/));
  it('reports an unknown escape', () => errorAt('a "\\q";', /^gw\.conf:1:4: unknown escape \\q/));
  it('reports a stray closing brace', () => errorAt('a 1;\n}', /^gw\.conf:2:1: unexpected }/));
  it('reports an unclosed block at its brace', () =>
    errorAt('p x {\n a 1;\n', /^gw\.conf:1:5: block opened here is never closed/));
  it('reports a statement that starts with a string', () =>
    errorAt('"a" 1;', /^gw\.conf:1:1: expected a directive name, found a quoted string/));
});
