import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { runCli, type Output } from '@sluice/cli';
import { SLUICE_BIN } from './gateway-process.js';

const run = promisify(execFile);

/** Runs `sluice …` in this process, capturing what it prints. */
async function sluice(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const output: Output = { out: (line) => out.push(line), err: (line) => err.push(line) };
  const code = await runCli(argv, output);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('sluice license', () => {
  let dir: string;
  let keyFile: string;
  let pubFile: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sluice-license-'));
    keyFile = join(dir, 'keys', 'license-signing.key');
    pubFile = join(dir, 'keys', 'license-signing.pub');
  });

  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('keygen → issue → verify: a freshly issued license is valid and verify exits 0', async () => {
    const keygen = await sluice('license', 'keygen', '--out', join(dir, 'keys'));
    assert.equal(keygen.code, 0, keygen.err);
    assert.equal((await stat(keyFile)).mode & 0o777, 0o600);
    assert.match(await readFile(keyFile, 'utf8'), /^-----BEGIN PRIVATE KEY-----/);
    assert.match(await readFile(pubFile, 'utf8'), /^-----BEGIN PUBLIC KEY-----/);

    const licenseFile = join(dir, 'license.json');
    const issue = await sluice(
      'license',
      'issue',
      '--org',
      'acme',
      '--tier',
      'pro',
      '--days',
      '365',
      '--max-vectors',
      '1000',
      '--key',
      keyFile,
      '--out',
      licenseFile,
    );
    assert.equal(issue.code, 0, issue.err);
    const license = JSON.parse(await readFile(licenseFile, 'utf8')) as Record<string, unknown>;
    assert.equal(license.org, 'acme');
    assert.equal(license.max_vectors, 1000);
    assert.deepEqual(await readdir(dir), ['keys', 'license.json'], 'no temporary file is left behind');

    const verify = await sluice('license', 'verify', licenseFile, '--pubkey', pubFile);
    assert.equal(verify.code, 0, verify.err);
    assert.match(verify.out, /^valid: org acme, tier pro, 36[45] days left$/);
  });

  it('prints the license to stdout without --out, and verify exits 1 on a tampered file', async () => {
    await sluice('license', 'keygen', '--out', join(dir, 'keys'));
    const issue = await sluice('license', 'issue', '--org', 'acme', '--tier', 'pro', '--days', '30', '--key', keyFile);
    assert.equal(issue.code, 0, issue.err);
    const license = JSON.parse(issue.out) as Record<string, unknown>;
    const tampered = join(dir, 'tampered.json');
    await writeFile(tampered, JSON.stringify({ ...license, tier: 'enterprise' }));
    const verify = await sluice('license', 'verify', tampered, '--pubkey', pubFile);
    assert.equal(verify.code, 1);
    assert.equal(verify.out, 'invalid: bad signature');
  });

  it('keygen refuses to overwrite an existing key', async () => {
    assert.equal((await sluice('license', 'keygen', '--out', join(dir, 'keys'))).code, 0);
    const before = await readFile(keyFile, 'utf8');
    const again = await sluice('license', 'keygen', '--out', join(dir, 'keys'));
    assert.equal(again.code, 1);
    assert.match(again.err, /license-signing\.key exists; refusing to overwrite/);
    assert.equal(await readFile(keyFile, 'utf8'), before);
  });

  it('answers bad or missing flags with one line pointing at the help, and exit 2 (a usage error)', async () => {
    for (const argv of [
      ['license'],
      ['license', 'sign'],
      ['license', 'keygen'],
      ['license', 'issue', '--org', 'acme', '--tier', 'pro', '--key', keyFile],
      ['license', 'issue', '--org', 'acme', '--tier', 'pro', '--days', 'ten', '--key', keyFile],
      ['license', 'issue', '--org', 'acme', '--tier', 'pro', '--days', '3', '--key', keyFile, '--colour'],
      ['license', 'verify', '--pubkey', pubFile],
      ['license', 'verify', 'license.json'],
    ]) {
      const result = await sluice(...argv);
      assert.equal(result.code, 2, argv.join(' '));
      assert.match(
        result.err,
        /^sluice license[^\n]*\(sluice license( \w+)? --help lists its (flags|subcommands)\)$/,
        argv.join(' '),
      );
    }
  });

  it('prints help with exit 0', async () => {
    for (const argv of [['license', '--help'], ['license', 'issue', '--help'], ['--help']]) {
      const result = await sluice(...argv);
      assert.equal(result.code, 0);
      assert.match(result.out, /sluice license|^ {2}license +create signing keys/m);
    }
  });

  it('runs as the installed sluice command: verify sets the exit code', async () => {
    await sluice('license', 'keygen', '--out', join(dir, 'keys'));
    const licenseFile = join(dir, 'license.json');
    await sluice('license', 'issue', '--org', 'acme', '--tier', 'pro', '--days', '2', '--key', keyFile, '--out', licenseFile);
    const { stdout } = await run(process.execPath, [SLUICE_BIN, 'license', 'verify', licenseFile, '--pubkey', pubFile]);
    assert.match(stdout, /^valid: org acme, tier pro, [12] days? left\n$/);
    await writeFile(licenseFile, (await readFile(licenseFile, 'utf8')).replace('"acme"', '"acne"'));
    await assert.rejects(
      run(process.execPath, [SLUICE_BIN, 'license', 'verify', licenseFile, '--pubkey', pubFile]),
      (error: { code: number; stdout: string }) => error.code === 1 && error.stdout === 'invalid: bad signature\n',
    );
  });
});
