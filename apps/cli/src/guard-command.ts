/** `sluice guard security|privacy|usage`: a reference guard module served over its HTTP contract. */
import { type ModuleServer } from '@sluice/guard-kit';
import { suggestName } from '@sluice/config';
import { type ServerTimeouts } from '@sluice/host';
import { startPrivacyGuardServer } from '@sluice/plugin-privacy-guard';
import { startSecurityGuardServer } from '@sluice/plugin-security-guard';
import { startUsageGuardServer } from '@sluice/plugin-usage-guard';
import { CommandError, UsageError } from './command-error.js';
import { parseCommandLine } from './command-line.js';
import { renderHelp, type CommandHelp } from './help.js';
import type { Output } from './output.js';
import { untilSignalled } from './until-signalled.js';

const KINDS = ['security', 'privacy', 'usage'] as const;
type Kind = (typeof KINDS)[number];

export const GUARD_HELP: CommandHelp = {
  usage: ['sluice guard <security | privacy | usage> --listen ADDR [--api-key KEY] [--policy FILE] [--kv-url URL]'],
  summary:
    'Serve a reference guard module over its HTTP contract, for gateways whose security_guard_url, privacy_guard_url or usage_guard_url point at it.',
  flags: [
    ['--listen ADDR', 'host:port to serve the module on (e.g. 127.0.0.1:8101; port 0 picks a free one)'],
    ['--api-key KEY', 'the key callers send in x-api-key (default: none asked for); also SVC_GUARD_API_KEY'],
    ['--policy FILE', 'security: extra rules (JSON); usage: the policy file (JSON)'],
    [
      '--kv-url URL',
      'privacy: the placeholder mappings; usage: the quota counters (redis://… or redis+cluster://host:port,…; default in memory)',
    ],
    ['--client-header-timeout SECONDS', 'close a connection whose request headers take longer (default 20; 0: no limit)'],
    ['--client-request-timeout SECONDS', 'close a connection whose whole request, headers and body, takes longer (default 60)'],
    ['--keepalive-timeout SECONDS', 'close a kept-alive connection idle that long between requests (default 65)'],
    ['--send-timeout SECONDS', 'close a connection that does not read its response for that long (default 60)'],
    ['-h, --help', 'show this help'],
  ],
  notes: [
    'SVC_SECURITY_GUARD_DEFAULT_MODE sets the security module’s mode (detect_only or enforce, default enforce).',
    'signals: SIGTERM/SIGINT stop the module. exit: 0 stopped, 1 it could not start, 2 a wrong command line.',
  ],
  examples: [
    'sluice guard security --listen 127.0.0.1:8101 --api-key "$GUARD_KEY"',
    'sluice guard privacy --listen 127.0.0.1:8102 --kv-url redis://127.0.0.1:6379',
    'sluice guard usage --listen 127.0.0.1:8103 --policy usage-policy.json',
  ],
  docs: ['docs/cli.md', 'docs/guards.md'],
};

const OPTIONS = {
  listen: { type: 'string' },
  'api-key': { type: 'string' },
  policy: { type: 'string' },
  'kv-url': { type: 'string' },
  'client-header-timeout': { type: 'string' },
  'client-request-timeout': { type: 'string' },
  'keepalive-timeout': { type: 'string' },
  'send-timeout': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export async function guardCommand(
  argv: readonly string[],
  output: Output,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const [kind, ...rest] = argv;
  if (kind === '--help' || kind === '-h' || kind === 'help') {
    output.out(renderHelp(GUARD_HELP));
    return 0;
  }
  if (kind === undefined) throw new UsageError('sluice guard', 'a guard kind is needed: security, privacy or usage');
  if (!isKind(kind)) {
    const suggestion = suggestName(kind, KINDS);
    const hint = suggestion === undefined ? '' : `; did you mean "${suggestion}"?`;
    throw new UsageError('sluice guard', `unknown guard "${kind}"${hint}`, 'the kinds are security, privacy and usage');
  }
  const command = `sluice guard ${kind}`;
  const { values: flags } = parseCommandLine(command, rest, OPTIONS);
  if (flags.help === true) {
    output.out(renderHelp(GUARD_HELP));
    return 0;
  }
  if (flags.listen === undefined) throw new UsageError(command, '--listen is required', 'e.g. --listen 127.0.0.1:8101');
  const apiKey = flags['api-key'] ?? env.SVC_GUARD_API_KEY ?? '';
  const timeouts = serverTimeouts(command, flags);
  let server: ModuleServer;
  try {
    server = await start(kind, { listen: flags.listen, apiKey, policyFile: flags.policy, kvUrl: flags['kv-url'], timeouts });
  } catch (error) {
    throw new CommandError(command, (error as Error).message, startHint(error, flags.listen));
  }
  const logger = { info: () => undefined };
  const stopped = untilSignalled(command, { logger, stop: () => server.close(), reload: () => undefined }, output);
  output.out(`${command} listening on ${server.url}${apiKey === '' ? ' (no API key asked for)' : ''}`);
  return stopped;
}

function isKind(value: string): value is Kind {
  return (KINDS as readonly string[]).includes(value);
}

function startHint(error: unknown, listen: string): string | undefined {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') return `another process holds ${listen}; give --listen a free host:port`;
  if (code === 'EADDRNOTAVAIL') return `${listen} is not an address of this machine`;
  return undefined;
}

const TIMEOUT_FLAGS = {
  'client-header-timeout': 'headerMs',
  'client-request-timeout': 'requestMs',
  'keepalive-timeout': 'keepAliveMs',
  'send-timeout': 'sendMs',
} as const satisfies Record<string, keyof ServerTimeouts>;

/** The timeouts given on the command line, in milliseconds; those not given keep the module server's defaults. */
function serverTimeouts(command: string, flags: Partial<Record<keyof typeof TIMEOUT_FLAGS, string>>): Partial<ServerTimeouts> {
  const timeouts: Partial<Record<keyof ServerTimeouts, number>> = {};
  for (const [flag, field] of Object.entries(TIMEOUT_FLAGS) as [keyof typeof TIMEOUT_FLAGS, keyof ServerTimeouts][]) {
    const given = flags[flag];
    if (given === undefined) continue;
    const seconds = /^\d+(\.\d+)?$/.test(given.trim()) ? Number(given) : Number.NaN;
    if (!Number.isFinite(seconds) || seconds > 3600) {
      throw new UsageError(command, `--${flag} must be a number of seconds from 0 to 3600, not ${JSON.stringify(given)}`);
    }
    timeouts[field] = seconds * 1000;
  }
  return timeouts;
}

function start(
  kind: Kind,
  options: {
    listen: string;
    apiKey: string;
    policyFile: string | undefined;
    kvUrl: string | undefined;
    timeouts: Partial<ServerTimeouts>;
  },
) {
  const policy = options.policyFile === undefined ? {} : { policyFile: options.policyFile };
  const kv = options.kvUrl === undefined ? {} : { kvUrl: options.kvUrl };
  const served = { listen: options.listen, apiKey: options.apiKey, timeouts: options.timeouts };
  switch (kind) {
    case 'security':
      return startSecurityGuardServer({ ...served, ...policy });
    case 'privacy':
      return startPrivacyGuardServer({ ...served, ...kv });
    case 'usage':
      return startUsageGuardServer({ ...served, ...policy, ...kv });
  }
}
