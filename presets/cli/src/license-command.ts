/** `sluice license keygen|issue|verify`: the issuer's tools for the vector answer cache license. */
import { randomBytes } from 'node:crypto';
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { generateLicenseKeyPair, issueLicense, verifyLicense } from '@sluice/preset-vector-cache';
import type { Output } from './cli.js';

const PRIVATE_KEY_FILE = 'license-signing.key';
const PUBLIC_KEY_FILE = 'license-signing.pub';

const HELP = `usage: sluice license <keygen | issue | verify> [options]

  keygen --out DIR          write a new Ed25519 signing key pair: DIR/${PRIVATE_KEY_FILE} (private, mode 0600)
                            and DIR/${PUBLIC_KEY_FILE} (for SVC_LICENSE_PUBKEY_FILE); never overwrites
  issue --org ORG --tier TIER --days N [--max-vectors N] --key FILE [--out FILE]
                            sign a license with the private key; print it, or write it atomically to FILE
  verify FILE --pubkey FILE check a license file; exit 0 when valid, 1 otherwise`;

const KEYGEN_HELP = `usage: sluice license keygen --out DIR`;
const ISSUE_HELP = `usage: sluice license issue --org ORG --tier TIER --days N [--max-vectors N] --key FILE [--out FILE]`;
const VERIFY_HELP = `usage: sluice license verify FILE --pubkey FILE`;

/** A bad command line: the message is followed by the usage of the subcommand. */
class UsageError extends Error {}

/** Runs `sluice license <sub>`; resolves with the exit code (0 done or valid, 1 otherwise). */
export async function licenseCommand(argv: readonly string[], output: Output): Promise<number> {
  const [sub = '', ...rest] = argv;
  const run = sub === 'keygen' ? keygen : sub === 'issue' ? issue : sub === 'verify' ? verify : undefined;
  if (run === undefined) {
    if (sub === '--help' || sub === '-h' || sub === 'help') {
      output.out(HELP);
      return 0;
    }
    const problem = sub === '' ? 'a subcommand is needed' : `unknown subcommand "${sub}"`;
    output.err(`sluice license: ${problem}\n${HELP}`);
    return 1;
  }
  try {
    return await run(rest, output);
  } catch (error) {
    if (error instanceof UsageError) {
      output.err(`sluice license ${sub}: ${error.message}\n${usageOf(sub)}`);
    } else {
      output.err(`sluice license ${sub}: ${(error as Error).message}`);
    }
    return 1;
  }
}

async function keygen(argv: readonly string[], output: Output): Promise<number> {
  const flags = usage(() => parseArgs({ args: [...argv], options: { out: { type: 'string' }, help: HELP_FLAG } })).values;
  if (flags.help === true) return help(output, KEYGEN_HELP);
  const dir = required(flags.out, '--out DIR');
  const privateFile = join(dir, PRIVATE_KEY_FILE);
  const publicFile = join(dir, PUBLIC_KEY_FILE);
  for (const file of [privateFile, publicFile]) {
    if (await exists(file)) throw new Error(`${file} exists; refusing to overwrite a signing key`);
  }
  await mkdir(dir, { recursive: true });
  const pair = generateLicenseKeyPair();
  // 'wx' fails if the file appeared meanwhile, so an existing key is never replaced.
  await writeFile(privateFile, pair.privateKeyPem, { flag: 'wx', mode: 0o600 });
  await writeFile(publicFile, pair.publicKeyPem, { flag: 'wx', mode: 0o644 });
  output.out(`wrote ${privateFile} (keep it secret) and ${publicFile} (for SVC_LICENSE_PUBKEY_FILE)`);
  return 0;
}

async function issue(argv: readonly string[], output: Output): Promise<number> {
  const options = {
    org: { type: 'string' },
    tier: { type: 'string' },
    days: { type: 'string' },
    'max-vectors': { type: 'string' },
    key: { type: 'string' },
    out: { type: 'string' },
    help: HELP_FLAG,
  } as const;
  const flags = usage(() => parseArgs({ args: [...argv], options })).values;
  if (flags.help === true) return help(output, ISSUE_HELP);
  const org = required(flags.org, '--org ORG');
  const tier = required(flags.tier, '--tier TIER');
  const days = positiveInteger(required(flags.days, '--days N'), '--days');
  const maxVectors = flags['max-vectors'] === undefined ? undefined : positiveInteger(flags['max-vectors'], '--max-vectors');
  const keyFile = required(flags.key, '--key FILE');
  const privateKey = await readText(keyFile, '--key');
  let license;
  try {
    license = issueLicense({ org, tier, days, ...(maxVectors === undefined ? {} : { maxVectors }) }, privateKey);
  } catch (error) {
    throw new Error(`--key ${keyFile}: ${(error as Error).message}`, { cause: error });
  }
  const text = `${JSON.stringify(license, null, 2)}\n`;
  if (flags.out === undefined) {
    output.out(text.trimEnd());
    return 0;
  }
  await writeAtomically(flags.out, text);
  output.out(`wrote ${flags.out}: license ${license.license_id} for org ${org}, tier ${tier}, ${days} days`);
  return 0;
}

async function verify(argv: readonly string[], output: Output): Promise<number> {
  const options = { pubkey: { type: 'string' }, help: HELP_FLAG } as const;
  const parsed = usage(() => parseArgs({ args: [...argv], options, allowPositionals: true }));
  if (parsed.values.help === true) return help(output, VERIFY_HELP);
  const [file, ...extra] = parsed.positionals;
  if (file === undefined) throw new UsageError('the license FILE is missing');
  if (extra.length > 0) throw new UsageError(`one license file at a time, got ${parsed.positionals.length}`);
  const pubkeyFile = required(parsed.values.pubkey, '--pubkey FILE');
  const publicKey = await readText(pubkeyFile, '--pubkey');
  const text = await readText(file, 'license');
  let check;
  try {
    check = verifyLicense(text, publicKey);
  } catch (error) {
    throw new Error(`--pubkey ${pubkeyFile}: ${(error as Error).message}`, { cause: error });
  }
  if (!check.ok) {
    output.out(`invalid: ${check.reason}`);
    return 1;
  }
  const { org, tier, days_until_expiry: days } = check.status;
  output.out(`valid: org ${org}, tier ${tier}, ${days} ${days === 1 ? 'day' : 'days'} left`);
  return 0;
}

const HELP_FLAG = { type: 'boolean', short: 'h' } as const;

/** parseArgs (strict) throws on an unknown flag or a missing value: that is a usage error. */
function usage<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw new UsageError((error as Error).message, { cause: error });
  }
}

function help(output: Output, text: string): number {
  output.out(text);
  return 0;
}

function usageOf(sub: string): string {
  return sub === 'keygen' ? KEYGEN_HELP : sub === 'issue' ? ISSUE_HELP : VERIFY_HELP;
}

function required(value: string | boolean | undefined, flag: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`${flag} is required`);
  return value;
}

function positiveInteger(text: string, flag: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || value < 1) {
    throw new UsageError(`${flag} must be a positive integer, got "${text}"`);
  }
  return value;
}

async function readText(file: string, what: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new Error(`cannot read ${what} file ${file}: ${reason}`, { cause: error });
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

/** Writes beside the target and renames, so a service reloading on SIGHUP never reads half a license. */
async function writeAtomically(file: string, text: string): Promise<void> {
  const temporary = join(dirname(file), `.${basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temporary, text, { flag: 'wx', mode: 0o644 });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
