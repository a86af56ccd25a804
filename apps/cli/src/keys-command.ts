/** `sluice keys create|list|revoke|hash`: client keys in the Redis key store, or as statements for a keys file. */
import { readFile } from 'node:fs/promises';
import { parseConfig, suggestName } from '@sluice/config';
import { PluginOptionsError, validateOptions } from '@sluice/core';
import {
  ClientKeyEntrySchema,
  hashPrefix,
  keyHash,
  newClientKey,
  RedisKeyStore,
  type KeySettings,
} from '@sluice/plugin-client-keys';
import { CommandError, UsageError } from './command-error.js';
import { parseCommandLine } from './command-line.js';
import { renderHelp } from './help.js';
import { KEYS_HELP, KEYS_SUBCOMMAND_HELP, KEYS_SUBCOMMANDS, type KeysSubcommand } from './keys-help.js';
import { clientKeyStatement } from './keys-statement.js';
import type { Output } from './output.js';

const COMMAND = 'sluice keys';
const HELP_FLAG = { type: 'boolean', short: 'h' } as const;
const STORE_FLAGS = {
  redis: { type: 'string' },
  'kv-url': { type: 'string' },
  config: { type: 'string', short: 'c' },
  prefix: { type: 'string' },
} as const;
const DEFAULT_PREFIX = 'sluice:keys:';
const NAME = /^[A-Za-z0-9._-]{1,64}$/;
const BUDGET = /^(\d{1,15})\/(day|month)$/;
/** A key longer than this on stdin is not one (ours are 53 characters). */
const MAX_KEY_CHARS = 512;

/** Where a key is read from for `sluice keys hash`: stdin in the command, a string in tests. */
export type KeyInput = AsyncIterable<Buffer | string> & { readonly isTTY?: boolean };

type Run = (argv: readonly string[], output: Output, command: string, input: KeyInput) => Promise<number>;

/**
 * Runs `sluice keys <sub>`; resolves with the exit code (0 done, 1 failed).
 * @example
 * process.exitCode = await keysCommand(['list', '--redis', 'redis://127.0.0.1:6379'], consoleOutput);
 */
export async function keysCommand(argv: readonly string[], output: Output, input: KeyInput = process.stdin): Promise<number> {
  const [sub = '', ...rest] = argv;
  if (sub === '--help' || sub === '-h' || sub === 'help') {
    output.out(renderHelp(KEYS_HELP));
    return 0;
  }
  if (!isSubcommand(sub)) {
    const hint = `${COMMAND} --help lists its subcommands`;
    if (sub === '') throw new UsageError(COMMAND, 'a subcommand is needed: create, list, revoke or hash', hint);
    const suggestion = suggestName(sub, KEYS_SUBCOMMANDS);
    throw new UsageError(
      COMMAND,
      `unknown subcommand "${sub}"${suggestion === undefined ? '' : `; did you mean "${suggestion}"?`}`,
      hint,
    );
  }
  const command = `${COMMAND} ${sub}`;
  const runs: Record<KeysSubcommand, Run> = { create, list, revoke, hash };
  try {
    return await runs[sub](rest, output, command, input);
  } catch (error) {
    if (error instanceof CommandError) throw error;
    throw new CommandError(command, (error as Error).message);
  }
}

function isSubcommand(value: string): value is KeysSubcommand {
  return (KEYS_SUBCOMMANDS as readonly string[]).includes(value);
}

async function create(argv: readonly string[], output: Output, command: string): Promise<number> {
  const options = {
    tenant: { type: 'string' },
    models: { type: 'string' },
    budget: { type: 'string' },
    rpm: { type: 'string' },
    tpm: { type: 'string' },
    concurrent: { type: 'string' },
    'cache-share': { type: 'boolean' },
    'no-cache-controls': { type: 'boolean' },
    'print-config': { type: 'boolean' },
    help: HELP_FLAG,
    ...STORE_FLAGS,
  } as const;
  const { values: flags, positionals } = parseCommandLine(command, argv, options, true);
  if (flags.help === true) return help(output, 'create');
  const id = onlyPositional(command, positionals, 'ID');
  if (!NAME.test(id))
    throw new UsageError(command, `the id must be 1 to 64 letters, digits, ".", "_" or "-", got "${bounded(id)}"`);
  const tenant = flags.tenant;
  if (tenant === undefined) throw new UsageError(command, '--tenant T is required');
  if (!NAME.test(tenant))
    throw new UsageError(command, `--tenant must be 1 to 64 letters, digits, ".", "_" or "-", got "${bounded(tenant)}"`);
  const settings = settingsOf(command, tenant, flags);
  const key = newClientKey();
  const hash = keyHash(key);
  checkEntry(command, id, hash, settings);
  if (flags['print-config'] === true) {
    if (hasStoreFlag(flags))
      throw new UsageError(command, '--print-config writes nothing to Redis; leave out --redis, --config and --prefix');
    output.out(clientKeyStatement(id, hash, settings));
    output.err(`key ${id}: ${key}`);
    output.err('This is the only time the key is shown: store it now. The statement above holds only its hash.');
    return 0;
  }
  const { tenant: _tenant, ...rest } = settings;
  await withStore(command, flags, (store) =>
    store.create({ id, hash, tenant, settings: rest, createdAt: new Date().toISOString() }),
  );
  output.out(key);
  output.err(`created client key "${id}" for tenant "${tenant}" (${hashPrefix(hash)}…)`);
  output.err('This is the only time the key is shown: store it now.');
  return 0;
}

async function list(argv: readonly string[], output: Output, command: string): Promise<number> {
  const { values: flags } = parseCommandLine(command, argv, { help: HELP_FLAG, ...STORE_FLAGS });
  if (flags.help === true) return help(output, 'list');
  const { records, prefix } = await withStore(command, flags, async (store) => ({
    records: await store.list(),
    prefix: store.prefix,
  }));
  if (records.length === 0) {
    output.err(`no client keys under ${prefix}`);
    return 0;
  }
  const rows = [
    ['ID', 'TENANT', 'CREATED', 'HASH'],
    ...records.map((r) => [r.id, r.tenant, r.createdAt, `${hashPrefix(r.hash)}…`]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows)
    output.out(
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    );
  return 0;
}

async function revoke(argv: readonly string[], output: Output, command: string): Promise<number> {
  const { values: flags, positionals } = parseCommandLine(command, argv, { help: HELP_FLAG, ...STORE_FLAGS }, true);
  if (flags.help === true) return help(output, 'revoke');
  const id = onlyPositional(command, positionals, 'ID');
  const revoked = await withStore(command, flags, (store) => store.revoke(id));
  if (!revoked) throw new CommandError(command, `no client key "${bounded(id)}" in the store`, `${COMMAND} list shows the ids`);
  output.out(`revoked "${id}": gateways stop admitting it within client_keys_cache_seconds (default 10 s)`);
  return 0;
}

async function hash(argv: readonly string[], output: Output, command: string, input: KeyInput): Promise<number> {
  const { values: flags } = parseCommandLine(command, argv, { help: HELP_FLAG });
  if (flags.help === true) return help(output, 'hash');
  if (input.isTTY === true) throw new UsageError(command, 'pipe the key on stdin: printf %s "$KEY" | sluice keys hash');
  let text = '';
  for await (const chunk of input) {
    text += chunk.toString();
    if (text.length > MAX_KEY_CHARS + 2)
      throw new CommandError(command, `stdin holds more than a key (over ${MAX_KEY_CHARS} characters)`);
  }
  const key = text.replace(/\r?\n$/, '');
  if (key === '' || /\s/.test(key))
    throw new CommandError(command, 'stdin must hold one key, with no spaces or line breaks in it');
  output.out(keyHash(key));
  return 0;
}

type Flags = Readonly<Record<string, string | boolean | undefined>>;

function settingsOf(command: string, tenant: string, flags: Flags): KeySettings {
  const models = typeof flags.models === 'string' ? flags.models.split(',').map((m) => m.trim()) : undefined;
  if (models !== undefined && models.some((m) => m === ''))
    throw new UsageError(command, '--models takes model names separated by commas');
  const budget = typeof flags.budget === 'string' ? budgetOf(command, flags.budget) : undefined;
  const rpm = countOf(command, flags.rpm, '--rpm');
  const tpm = countOf(command, flags.tpm, '--tpm');
  const concurrent = countOf(command, flags.concurrent, '--concurrent');
  return {
    tenant,
    ...(models === undefined ? {} : { models }),
    cacheShare: flags['cache-share'] === true,
    cacheControls: flags['no-cache-controls'] !== true,
    ...(rpm === undefined ? {} : { requestsPerMinute: rpm }),
    ...(tpm === undefined ? {} : { tokensPerMinute: tpm }),
    ...(concurrent === undefined ? {} : { concurrentRequests: concurrent }),
    ...(budget === undefined ? {} : { budget }),
  };
}

function budgetOf(command: string, text: string): KeySettings['budget'] {
  const match = BUDGET.exec(text.trim());
  if (match === null)
    throw new UsageError(command, `--budget takes micro-USD per day or month, e.g. 5000000/day, got "${bounded(text)}"`);
  // BUDGET's second group is day or month, nothing else.
  return { microUsd: Number(match[1]), period: match[2] as NonNullable<KeySettings['budget']>['period'] };
}

function countOf(command: string, value: string | boolean | undefined, flag: string): number | undefined {
  if (typeof value !== 'string') return undefined;
  const count = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(count) || count < 1) {
    throw new UsageError(command, `${flag} must be a positive integer, got "${bounded(value)}"`);
  }
  return count;
}

/** The same schema the gateway reads the statement and the Redis record with. */
function checkEntry(command: string, id: string, hash: string, settings: KeySettings): void {
  try {
    validateOptions(command, ClientKeyEntrySchema, { id, hash, settings });
  } catch (error) {
    if (error instanceof PluginOptionsError)
      throw new UsageError(command, error.problems.map((p) => `${p.path} ${p.message}`).join('; '));
    throw error;
  }
}

function onlyPositional(command: string, positionals: readonly string[], name: string): string {
  const [value, ...extra] = positionals;
  if (value === undefined) throw new UsageError(command, `the ${name} is missing`);
  if (extra.length > 0) throw new UsageError(command, `one ${name} at a time, got ${positionals.length}`);
  return value;
}

function hasStoreFlag(flags: Flags): boolean {
  return Object.keys(STORE_FLAGS).some((flag) => flags[flag] !== undefined);
}

/** Connects to the store the flags name, runs `work`, and closes it whatever happens. */
async function withStore<T>(command: string, flags: Flags, work: (store: RedisKeyStore) => Promise<T>): Promise<T> {
  const { url, prefix } = await storeOf(command, flags);
  let store: RedisKeyStore;
  try {
    store = await RedisKeyStore.connect({ url, prefix, timeoutMs: 2000, connectTimeoutMs: 5000 });
  } catch (error) {
    throw new CommandError(command, (error as Error).message, 'check --redis, or kv_url in --config');
  }
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

async function storeOf(command: string, flags: Flags): Promise<{ url: string; prefix: string }> {
  const given = [flags.redis, flags['kv-url']].filter((value): value is string => typeof value === 'string');
  if (given.length > 1) throw new UsageError(command, '--redis and --kv-url name the same thing; give one');
  const prefix = typeof flags.prefix === 'string' ? flags.prefix : undefined;
  if (given[0] !== undefined) return { url: redisUrl(command, given[0]), prefix: prefix ?? DEFAULT_PREFIX };
  if (typeof flags.config !== 'string') {
    throw new UsageError(command, 'no key store: give --redis URL, or --config FILE whose kv_url names it');
  }
  const fromFile = await configStore(command, flags.config);
  return { url: fromFile.url, prefix: prefix ?? fromFile.prefix ?? DEFAULT_PREFIX };
}

/** The store a gateway config names: its `kv_url` and `client_keys_prefix`, read without resolving the rest of it. */
async function configStore(command: string, file: string): Promise<{ url: string; prefix: string | undefined }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new CommandError(command, `--config ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const statements = parseConfig(text, { file }).statements;
  const value = (name: string) => statements.find((s) => s.name === name)?.args[0]?.value;
  const url = value('kv_url');
  if (url === undefined) throw new CommandError(command, `${file} sets no kv_url`, 'give --redis URL');
  return { url: redisUrl(command, url), prefix: value('client_keys_prefix') };
}

function redisUrl(command: string, url: string): string {
  if (!/^rediss?(\+cluster)?:\/\//.test(url))
    throw new UsageError(command, 'the key store URL must start with redis://, rediss://, redis+cluster:// or rediss+cluster://');
  return url;
}

function help(output: Output, sub: KeysSubcommand): number {
  output.out(renderHelp(KEYS_SUBCOMMAND_HELP[sub]));
  return 0;
}

/** A client-given value as an error may quote it: short enough for one line. */
function bounded(text: string): string {
  return text.length <= 64 ? text : `${text.slice(0, 64)}…`;
}
