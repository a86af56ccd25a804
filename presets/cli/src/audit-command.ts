/** `sluice audit`: the reference audit module; `sluice audit verify`: recompute its hash chain. */
import { startAuditServer, verifyAuditChain, type AuditServer } from '@sluice/preset-audit';
import { CommandError, EXIT, UsageError } from './command-error.js';
import { parseCommandLine } from './command-line.js';
import { renderHelp, type CommandHelp } from './help.js';
import type { Output } from './output.js';
import { untilSignalled } from './until-signalled.js';

export const AUDIT_HELP: CommandHelp = {
  usage: ['sluice audit --listen ADDR --data DIR [--api-key KEY]', 'sluice audit verify --data DIR'],
  summary:
    'Run the reference audit module (an SQLite event store with a hash chain that gateways deliver evidence to), or verify its chain.',
  flags: [
    ['--listen ADDR', 'host:port to serve the module on (e.g. 127.0.0.1:8095)'],
    ['--data DIR', 'the directory of audit.sqlite (created when missing)'],
    ['--api-key KEY', 'the key producers send as Bearer and readers as X-API-Key; or SVC_AUDIT_API_KEY (keeps it out of ps)'],
    ['-h, --help', 'show this help'],
  ],
  notes: [
    'verify recomputes the hash chain: "ok: N events" and exit 0, or the first bad sequence and exit 1;',
    '  exit 2 when DIR holds no audit database (nothing to verify) or the command line is wrong.',
    'signals: SIGTERM/SIGINT stop the server and close the database.',
  ],
  examples: ['SVC_AUDIT_API_KEY=… sluice audit --listen 127.0.0.1:8095 --data ./audit', 'sluice audit verify --data ./audit'],
  docs: ['docs/cli.md', 'docs/audit.md'],
};

const OPTIONS = {
  listen: { type: 'string' },
  data: { type: 'string' },
  'api-key': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

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
  if (flags.data === undefined) throw new UsageError(command, '--data is required', 'e.g. --data ./audit');
  if (verifying) return verify(flags.data, output);
  if (flags.listen === undefined) throw new UsageError(command, '--listen is required', 'e.g. --listen 127.0.0.1:8095');
  const apiKey = flags['api-key'] ?? env.SVC_AUDIT_API_KEY ?? '';
  if (apiKey === '') throw new UsageError(command, '--api-key (or SVC_AUDIT_API_KEY) is required');

  let server: AuditServer;
  try {
    server = await startAuditServer({
      listen: flags.listen,
      dataDir: flags.data,
      apiKey,
      onError: (error) => output.err(`sluice audit: request failed: ${(error as Error).message}`),
    });
  } catch (error) {
    throw new CommandError(command, (error as Error).message);
  }
  const logger = { info: () => undefined };
  const stopped = untilSignalled(command, { logger, stop: () => server.close(), reload: () => undefined }, output);
  output.out(`sluice audit listening on ${server.url} (data ${flags.data})`);
  return stopped;
}

function verify(dataDir: string, output: Output): number {
  let verdict;
  try {
    verdict = verifyAuditChain(dataDir);
  } catch (error) {
    // As with diff and cmp, "could not check" (2) is kept apart from "found a break" (1).
    throw new CommandError('sluice audit verify', (error as Error).message, 'check --data DIR', EXIT.USAGE);
  }
  if (verdict.ok) {
    output.out(`ok: ${verdict.events} events`);
    return 0;
  }
  output.out(`bad: sequence ${verdict.firstBadSequence}: ${verdict.reason}`);
  return 1;
}
