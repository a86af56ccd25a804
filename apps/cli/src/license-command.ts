/** `sluice license keygen|issue|verify`: the issuer's tools for the vector answer cache license. */
import { randomBytes } from 'node:crypto';
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { suggestName } from '@sluice/config';
import { generateLicenseKeyPair, issueLicense, verifyLicense } from '@sluice/vector-cache';
import { CommandError, UsageError } from './command-error.js';
import { parseCommandLine } from './command-line.js';
import { renderHelp } from './help.js';
import {
  LICENSE_HELP,
  LICENSE_SUBCOMMAND_HELP,
  LICENSE_SUBCOMMANDS,
  PRIVATE_KEY_FILE,
  PUBLIC_KEY_FILE,
  type LicenseSubcommand,
} from './license-help.js';
import type { Output } from './output.js';

const COMMAND = 'sluice license';
const HELP_FLAG = { type: 'boolean', short: 'h' } as const;
const SUBCOMMANDS_HINT = `${COMMAND} --help lists its subcommands`;
const KEY_HINTS: Readonly<Record<string, string>> = {
  '--key': `--key takes the ${PRIVATE_KEY_FILE} that sluice license keygen wrote`,
  '--pubkey': `--pubkey takes the ${PUBLIC_KEY_FILE} that sluice license keygen wrote`,
};

type Run = (argv: readonly string[], output: Output, command: string) => Promise<number>;

/** Runs `sluice license <sub>`; resolves with the exit code (0 done or valid, 1 failed or invalid). */
export async function licenseCommand(argv: readonly string[], output: Output): Promise<number> {
  const [sub = '', ...rest] = argv;
  if (sub === '--help' || sub === '-h' || sub === 'help') {
    output.out(renderHelp(LICENSE_HELP));
    return 0;
  }
  if (!isSubcommand(sub)) {
    if (sub === '') throw new UsageError(COMMAND, 'a subcommand is needed: keygen, issue or verify', SUBCOMMANDS_HINT);
    const suggestion = suggestName(sub, LICENSE_SUBCOMMANDS);
    const hint = suggestion === undefined ? '' : `; did you mean "${suggestion}"?`;
    throw new UsageError(COMMAND, `unknown subcommand "${sub}"${hint}`, SUBCOMMANDS_HINT);
  }
  const command = `${COMMAND} ${sub}`;
  const run: Run = sub === 'keygen' ? keygen : sub === 'issue' ? issue : verify;
  try {
    return await run(rest, output, command);
  } catch (error) {
    if (error instanceof CommandError) throw error;
    throw new CommandError(command, (error as Error).message);
  }
}

function isSubcommand(value: string): value is LicenseSubcommand {
  return (LICENSE_SUBCOMMANDS as readonly string[]).includes(value);
}

async function keygen(argv: readonly string[], output: Output, command: string): Promise<number> {
  const { values: flags } = parseCommandLine(command, argv, { out: { type: 'string' }, help: HELP_FLAG });
  if (flags.help === true) return help(output, 'keygen');
  const dir = required(command, flags.out, '--out DIR');
  const privateFile = join(dir, PRIVATE_KEY_FILE);
  const publicFile = join(dir, PUBLIC_KEY_FILE);
  for (const file of [privateFile, publicFile]) {
    if (await exists(file)) {
      throw new CommandError(command, `${file} exists; refusing to overwrite a signing key`, 'give --out another directory');
    }
  }
  await mkdir(dir, { recursive: true });
  const pair = generateLicenseKeyPair();
  // 'wx' fails if the file appeared meanwhile, so an existing key is never replaced.
  await writeFile(privateFile, pair.privateKeyPem, { flag: 'wx', mode: 0o600 });
  await writeFile(publicFile, pair.publicKeyPem, { flag: 'wx', mode: 0o644 });
  output.out(`wrote ${privateFile} (keep it secret) and ${publicFile} (for SVC_LICENSE_PUBKEY_FILE)`);
  return 0;
}

async function issue(argv: readonly string[], output: Output, command: string): Promise<number> {
  const options = {
    org: { type: 'string' },
    tier: { type: 'string' },
    days: { type: 'string' },
    'max-vectors': { type: 'string' },
    key: { type: 'string' },
    out: { type: 'string' },
    help: HELP_FLAG,
  } as const;
  const { values: flags } = parseCommandLine(command, argv, options);
  if (flags.help === true) return help(output, 'issue');
  const org = required(command, flags.org, '--org ORG');
  const tier = required(command, flags.tier, '--tier TIER');
  const days = positiveInteger(command, required(command, flags.days, '--days N'), '--days');
  const maxVectors =
    flags['max-vectors'] === undefined ? undefined : positiveInteger(command, flags['max-vectors'], '--max-vectors');
  const keyFile = required(command, flags.key, '--key FILE');
  const privateKey = await readText(command, keyFile, '--key');
  let license;
  try {
    license = issueLicense({ org, tier, days, ...(maxVectors === undefined ? {} : { maxVectors }) }, privateKey);
  } catch (error) {
    throw new CommandError(command, `--key ${keyFile}: ${(error as Error).message}`, KEY_HINTS['--key']);
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

async function verify(argv: readonly string[], output: Output, command: string): Promise<number> {
  const parsed = parseCommandLine(command, argv, { pubkey: { type: 'string' }, help: HELP_FLAG }, true);
  if (parsed.values.help === true) return help(output, 'verify');
  const [file, ...extra] = parsed.positionals;
  if (file === undefined) throw new UsageError(command, 'the license FILE is missing');
  if (extra.length > 0) throw new UsageError(command, `one license file at a time, got ${parsed.positionals.length}`);
  const pubkeyFile = required(command, parsed.values.pubkey, '--pubkey FILE');
  const publicKey = await readText(command, pubkeyFile, '--pubkey');
  const text = await readText(command, file, 'license');
  let check;
  try {
    check = verifyLicense(text, publicKey);
  } catch (error) {
    throw new CommandError(command, `--pubkey ${pubkeyFile}: ${(error as Error).message}`, KEY_HINTS['--pubkey']);
  }
  if (!check.ok) {
    output.out(`invalid: ${check.reason}`);
    return 1;
  }
  const { org, tier, days_until_expiry: days } = check.status;
  output.out(`valid: org ${org}, tier ${tier}, ${days} ${days === 1 ? 'day' : 'days'} left`);
  return 0;
}

function help(output: Output, sub: LicenseSubcommand): number {
  output.out(renderHelp(LICENSE_SUBCOMMAND_HELP[sub]));
  return 0;
}

function required(command: string, value: string | boolean | undefined, flag: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(command, `${flag} is required`);
  return value;
}

function positiveInteger(command: string, text: string, flag: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || value < 1) {
    throw new UsageError(command, `${flag} must be a positive integer, got "${text}"`);
  }
  return value;
}

async function readText(command: string, file: string, what: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new CommandError(command, `cannot read ${what} file ${file}: ${reason}`, KEY_HINTS[what]);
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
