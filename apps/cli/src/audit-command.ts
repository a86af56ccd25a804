/** `sluice audit`: the reference audit module; `sluice audit verify`: recompute its hash chain. */
import {
  ChainKeyError,
  readChainKeyFile,
  readKeyFile,
  startAuditServer,
  verifyAuditChain,
  verifyPostgresChain,
  type AuditKeys,
  type AuditServer,
  type ChainSegment,
  type RejectedEvent,
} from '@sluice/audit';
import { boundText } from '@sluice/core';
import { maskUrl } from '@sluice/util';
import { auditStoreOf, describeAuditStore, type AuditStoreChoice } from './audit-store-flag.js';
import { CommandError, EXIT, UsageError } from './command-error.js';
import { parseCommandLine } from './command-line.js';
import { renderHelp, type CommandHelp } from './help.js';
import type { Output } from './output.js';
import { untilSignalled } from './until-signalled.js';

export const AUDIT_HELP: CommandHelp = {
  usage: [
    'sluice audit --listen ADDR --data DIR (--write-key-file FILE | --write-key KEY) (--read-key-file FILE | --read-key KEY) [--chain-key-file FILE]',
    'sluice audit --listen ADDR --store URL (--write-key-file FILE | --write-key KEY) (--read-key-file FILE | --read-key KEY) [--chain-key-file FILE]',
    'sluice audit verify --data DIR [--chain-key-file FILE]',
    'sluice audit verify --store URL [--chain-key-file FILE]',
  ],
  summary:
    'Run the reference audit module (an SQLite or PostgreSQL event store with a hash chain that gateways deliver evidence to), or verify its chain.',
  flags: [
    ['--listen ADDR', 'host:port to serve the module on (e.g. 127.0.0.1:8095)'],
    ['--data DIR', 'the directory of audit.sqlite (created when missing)'],
    [
      '--store URL',
      'a PostgreSQL database instead (postgres://user@host:port/db), shared by several modules; or SVC_AUDIT_STORE',
    ],
    ['--write-key-file FILE', "producers' keys (Bearer on POST), one a line; re-read on SIGHUP; or SVC_AUDIT_WRITE_KEY_FILE"],
    ['--write-key KEY', 'one producer key; or SVC_AUDIT_WRITE_KEY (keeps it out of ps)'],
    ['--read-key-file FILE', "readers' keys (X-API-Key on GET), one a line; re-read on SIGHUP; or SVC_AUDIT_READ_KEY_FILE"],
    ['--read-key KEY', 'one reader key; or SVC_AUDIT_READ_KEY'],
    ['--api-key KEY', 'one key for both roles, as before they were split (a warning says so); or SVC_AUDIT_API_KEY'],
    ['--chain-key-file FILE', 'the chain secret: rows are chained by HMAC-SHA256; or SVC_AUDIT_CHAIN_KEY (the secret itself)'],
    ['-h, --help', 'show this help'],
  ],
  notes: [
    'a write key never reads and a read key never writes (401). Several keys in a file are all accepted, so',
    '  producers and readers can be moved to a new key one by one.',
    'verify recomputes the hash chain: "ok: N events" and exit 0, or the first bad sequence and exit 1;',
    '  exit 2 when DIR (or the database at URL) holds no audit store or cannot be reached, the chain is keyed and',
    '  its key was not given (or another one was),',
    '  or the command line is wrong.',
    'with --store, several modules may serve one database: appends queue on a PostgreSQL advisory lock, so the',
    '  sequence stays gapless and the chain one chain; the schema is migrated at start (docs/audit.md).',
    'signals: SIGHUP re-reads the keys (files and environment; a bad file keeps the keys in use);',
    '  SIGTERM/SIGINT stop the server and close the database.',
  ],
  examples: [
    'sluice audit --listen 127.0.0.1:8095 --data ./audit --write-key-file ./write.keys --read-key-file ./read.keys',
    'sluice audit --listen 127.0.0.1:8095 --store postgres://audit@127.0.0.1:5432/audit --write-key-file ./write.keys --read-key-file ./read.keys',
    'SVC_AUDIT_CHAIN_KEY=… sluice audit verify --data ./audit',
  ],
  docs: ['docs/cli.md', 'docs/audit.md'],
};

const OPTIONS = {
  listen: { type: 'string' },
  data: { type: 'string' },
  store: { type: 'string' },
  'api-key': { type: 'string' },
  'write-key': { type: 'string' },
  'read-key': { type: 'string' },
  'write-key-file': { type: 'string' },
  'read-key-file': { type: 'string' },
  'chain-key-file': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const REJECTION_REPORT_INTERVAL_MS = 10_000;

type Flags = Partial<Record<Exclude<keyof typeof OPTIONS, 'help'>, string>>;

export async function auditCommand(
  argv: readonly string[],
  output: Output,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const verifying = argv[0] === 'verify';
  const command = verifying ? 'sluice audit verify' : 'sluice audit';
  const { values: flags } = parseCommandLine(command, argv.slice(verifying ? 1 : 0), OPTIONS);
  if (flags.help === true) {
    output.out(renderHelp(AUDIT_HELP));
    return 0;
  }
  const location = auditStoreOf(command, flags, env);
  const chainKey = chainKeyOf(command, flags, env);
  if (verifying) return verify(location, chainKey, output);
  if (flags.listen === undefined) throw new UsageError(command, '--listen is required', 'e.g. --listen 127.0.0.1:8095');
  const keys = keysOf(command, flags, env);
  if (keys.shared) {
    output.err(
      `${command}: warning: --api-key (SVC_AUDIT_API_KEY) is one key for writing and reading; split it into --write-key-file and --read-key-file`,
    );
  }

  let server: AuditServer;
  try {
    server = await startAuditServer({
      listen: flags.listen,
      ...location,
      keys,
      chainKey,
      onError: (error) => output.err(`sluice audit: request failed: ${(error as Error).message}`),
      onRejected: rejectionReporter(output),
    });
  } catch (error) {
    // A driver's message may quote the URL it was given.
    throw new CommandError(command, maskUrl((error as Error).message));
  }
  const reload = () => {
    try {
      const next = keysOf(command, flags, env);
      server.rotateKeys(next);
      output.out(`${command}: keys reloaded (${next.write.length} write, ${next.read.length} read)`);
    } catch (error) {
      // The keys in use stay: a typo in a key file must not lock every producer out.
      output.err(`${command}: keys not reloaded, the previous ones stay in use: ${(error as Error).message}`);
    }
  };
  const logger = { info: () => undefined };
  const stopped = untilSignalled(command, { logger, stop: () => server.close(), reload }, output);
  output.out(`sluice audit listening on ${server.url} (${describeAuditStore(location)}; chain ${describeSegment(server.chain)})`);
  return stopped;
}

/**
 * Each role's keys: its flag, else its file flag, else its environment variables, else the one shared key.
 * Files are read on every call, so SIGHUP picks up their new content.
 */
function keysOf(command: string, flags: Flags, env: NodeJS.ProcessEnv): AuditKeys & { shared: boolean } {
  const shared = flags['api-key'] ?? nonEmpty(env.SVC_AUDIT_API_KEY);
  const role = (name: 'write' | 'read'): string[] | undefined => {
    const upper = name.toUpperCase();
    const key = flags[`${name}-key`] ?? nonEmpty(env[`SVC_AUDIT_${upper}_KEY`]);
    const file = flags[`${name}-key-file`] ?? nonEmpty(env[`SVC_AUDIT_${upper}_KEY_FILE`]);
    if (flags[`${name}-key`] !== undefined && flags[`${name}-key-file`] !== undefined) {
      throw new UsageError(command, `give --${name}-key or --${name}-key-file, not both`);
    }
    if (flags[`${name}-key`] !== undefined) return [key!];
    if (flags[`${name}-key-file`] !== undefined) return readKeyFile(file!);
    if (key !== undefined) return [key];
    if (file !== undefined) return readKeyFile(file);
    return undefined;
  };
  const write = role('write');
  const read = role('read');
  if ((write === undefined || read === undefined) && shared === undefined) {
    throw new UsageError(
      command,
      `a ${write === undefined ? 'write' : 'read'} key is required`,
      'e.g. --write-key-file ./write.keys --read-key-file ./read.keys (or SVC_AUDIT_WRITE_KEY and SVC_AUDIT_READ_KEY)',
    );
  }
  return { write: write ?? [shared!], read: read ?? [shared!], shared: write === undefined || read === undefined };
}

function chainKeyOf(command: string, flags: Flags, env: NodeJS.ProcessEnv): string | undefined {
  try {
    if (flags['chain-key-file'] !== undefined) return readChainKeyFile(flags['chain-key-file']);
  } catch (error) {
    throw new UsageError(command, (error as Error).message);
  }
  return nonEmpty(env.SVC_AUDIT_CHAIN_KEY);
}

/**
 * One line per refused batch, at most one per interval with the count of the rest: a producer sending a
 * bad event with every request must not flood the output. The producer's name is quoted (it is its text).
 */
function rejectionReporter(output: Output): (rejected: readonly RejectedEvent[], producer: { instance_id: string }) => void {
  let quietUntil = 0;
  let unreported = 0;
  return (rejected, producer) => {
    const now = Date.now();
    if (now < quietUntil) {
      unreported += rejected.length;
      return;
    }
    const first = rejected[0]!;
    const earlier = unreported > 0 ? ` (and ${unreported} more since the last report)` : '';
    output.err(
      `sluice audit: refused ${rejected.length} event(s) of a batch from ${JSON.stringify(producer.instance_id)}${earlier}; first: index ${first.index}: ${boundText(first.message, 300)}`,
    );
    quietUntil = now + REJECTION_REPORT_INTERVAL_MS;
    unreported = 0;
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function describeSegment(segment: ChainSegment): string {
  return segment.mode === 'sha256' ? 'SHA-256, unkeyed' : `HMAC-SHA256 from sequence ${segment.from_sequence}`;
}

async function verify(location: AuditStoreChoice, chainKey: string | undefined, output: Output): Promise<number> {
  let verdict;
  try {
    verdict =
      'store' in location
        ? await verifyPostgresChain(location.store, { chainKey })
        : verifyAuditChain(location.dataDir, { chainKey });
  } catch (error) {
    // As with diff and cmp, "could not check" (2) is kept apart from "found a break" (1).
    const where = 'store' in location ? 'check --store URL' : 'check --data DIR';
    const hint = error instanceof ChainKeyError ? 'give --chain-key-file FILE or SVC_AUDIT_CHAIN_KEY' : where;
    throw new CommandError('sluice audit verify', maskUrl((error as Error).message), hint, EXIT.USAGE);
  }
  const modes = describeModes(verdict.segments);
  if (verdict.ok) {
    output.out(`ok: ${verdict.events} events${modes}`);
    return 0;
  }
  output.out(`bad: sequence ${verdict.firstBadSequence}: ${verdict.reason}${modes}`);
  return 1;
}

/** Nothing for a chain unkeyed throughout (as before modes were recorded); else what was checked where. */
function describeModes(segments: readonly ChainSegment[]): string {
  if (segments.every((segment) => segment.mode === 'sha256')) return '';
  const parts = segments.map((segment, i) => {
    const next = segments[i + 1];
    const name = segment.mode === 'sha256' ? 'SHA-256' : 'HMAC-SHA256 keyed';
    if (next === undefined) return `${name} from sequence ${segment.from_sequence}`;
    return `${name} for ${segment.from_sequence}-${next.from_sequence - 1}`;
  });
  return ` (${parts.join(', ')})`;
}
