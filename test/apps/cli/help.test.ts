import assert from 'node:assert/strict';
import { sluiceInProcess, sluiceProcess } from './run-sluice.js';

/** Every help text has these parts, whatever the command. */
function assertHelp(text: string, usage: RegExp): void {
  assert.match(text, usage);
  assert.match(text, /^usage: sluice /m, 'a usage line');
  assert.match(text, /^examples:\n {2}\S/m, 'examples');
  assert.match(text, /^docs: docs\/cli\.md/m, 'where the docs are');
}

const COMMANDS = {
  gateway: /--config FILE/,
  'vector-cache': /SVC_DIMS/,
  guard: /<security \| privacy \| usage> --listen ADDR/,
  audit: /sluice audit verify --data DIR/,
  license: /sluice license keygen --out DIR/,
} as const;

describe('sluice: help', () => {
  it('sluice --help and sluice help list every command with one line each, the flags, exit codes and docs', async () => {
    for (const argv of [['--help'], ['-h'], ['help']]) {
      const { code, out, err } = await sluiceInProcess(...argv);
      assert.equal(code, 0, argv.join(' '));
      assert.equal(err, '');
      assertHelp(out, /^usage: sluice <command> \[flags\]$/m);
      for (const command of [...Object.keys(COMMANDS), 'help']) assert.match(out, new RegExp(`^ {2}${command} +\\S`, 'm'));
      assert.match(out, /-v, --version/);
      assert.match(out, /exit codes: 0 .*\n.*2 wrong command line/);
    }
  });

  for (const [command, usage] of Object.entries(COMMANDS)) {
    it(`sluice ${command} --help and sluice help ${command}: usage, a line per flag, examples, docs`, async () => {
      const viaFlag = await sluiceInProcess(command, '--help');
      const viaHelp = await sluiceInProcess('help', command);
      assert.equal(viaFlag.code, 0);
      assert.equal(viaHelp.code, 0);
      assert.equal(viaHelp.out, viaFlag.out);
      assertHelp(viaFlag.out, usage);
      assert.match(viaFlag.out, /^flags:\n(?: {2}.+\n)+/m);
      assert.match(viaFlag.out, /-h, --help +show this help/);
    });
  }

  for (const sub of ['keygen', 'issue', 'verify'] as const) {
    it(`sluice license ${sub} --help and sluice help license ${sub}`, async () => {
      const viaFlag = await sluiceInProcess('license', sub, '--help');
      const viaHelp = await sluiceInProcess('help', 'license', sub);
      assert.equal(viaFlag.code, 0);
      assert.equal(viaHelp.out, viaFlag.out);
      assertHelp(viaFlag.out, new RegExp(`^usage: sluice license ${sub}`, 'm'));
    });
  }

  it('sluice audit verify --help and sluice guard security --help show their command’s help', async () => {
    assertHelp((await sluiceInProcess('audit', 'verify', '--help')).out, /sluice audit verify --data DIR/);
    assertHelp((await sluiceInProcess('guard', 'security', '--help')).out, /--listen ADDR/);
  });

  it('the installed command: --help on stdout with exit 0, --version prints the release', async () => {
    const help = await sluiceProcess(['--help']);
    assert.equal(help.code, 0);
    assert.equal(help.err, '');
    assert.match(help.out, /^usage: sluice <command>/);
    const version = await sluiceProcess(['--version']);
    assert.equal(version.code, 0);
    assert.match(version.out, /^sluice \d+\.\d+\.\d+\n$/);
  });

  it('sluice with no command prints the usage on stderr and exits 2', async () => {
    const { code, out, err } = await sluiceInProcess();
    assert.equal(code, 2);
    assert.equal(out, '');
    assert.match(err, /^usage: sluice <command>/);
  });
});
