/** `sluice guard security|privacy|usage`: a reference guard module served over its HTTP contract. */
import { parseArgs } from 'node:util';
import type { ModuleServer } from '@sluice/core';
import { startPrivacyGuardServer } from '@sluice/plugin-privacy-guard';
import { startSecurityGuardServer } from '@sluice/plugin-security-guard';
import { startUsageGuardServer } from '@sluice/plugin-usage-guard';
import type { Output } from './cli.js';
import { untilSignalled } from './until-signalled.js';

const HELP = `usage: sluice guard <security | privacy | usage> --listen ADDR [--api-key KEY] [--policy FILE] [--kv-url URL]

  --listen ADDR    host:port to serve the module on (e.g. 127.0.0.1:8101)
  --api-key KEY    the key callers send in x-api-key (default: none asked for); also SVC_GUARD_API_KEY
  --policy FILE    security: extra rules (JSON); usage: the policy file (JSON)
  --kv-url URL     privacy: the mapping store; usage: the quota counters (redis://…; default in memory)

The modules speak the contracts of docs/guards.md; the security module's mode comes from
SVC_SECURITY_GUARD_DEFAULT_MODE (detect_only or enforce, default enforce).`;

type Kind = 'security' | 'privacy' | 'usage';

export async function guardCommand(
  argv: readonly string[],
  output: Output,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const [kind, ...rest] = argv;
  if (kind === '--help' || kind === '-h' || kind === 'help') {
    output.out(HELP);
    return 0;
  }
  if (kind !== 'security' && kind !== 'privacy' && kind !== 'usage') {
    output.err(`sluice guard: ${kind === undefined ? 'a guard kind is needed' : `unknown guard "${kind}"`}\n${HELP}`);
    return 1;
  }
  let flags;
  try {
    flags = parseArgs({
      args: [...rest],
      options: {
        listen: { type: 'string' },
        'api-key': { type: 'string' },
        policy: { type: 'string' },
        'kv-url': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }).values;
  } catch (error) {
    output.err(`sluice guard: ${(error as Error).message}\n${HELP}`);
    return 1;
  }
  if (flags.help === true) {
    output.out(HELP);
    return 0;
  }
  if (flags.listen === undefined) {
    output.err(`sluice guard: --listen is required\n${HELP}`);
    return 1;
  }
  const apiKey = flags['api-key'] ?? env.SVC_GUARD_API_KEY ?? '';
  let server: ModuleServer;
  try {
    server = await start(kind, { listen: flags.listen, apiKey, policyFile: flags.policy, kvUrl: flags['kv-url'] });
  } catch (error) {
    output.err(`sluice guard ${kind}: ${(error as Error).message}`);
    return 1;
  }
  const logger = { info: () => undefined };
  const stopped = untilSignalled(`sluice guard ${kind}`, { logger, stop: () => server.close(), reload: () => undefined }, output);
  output.out(`sluice guard ${kind} listening on ${server.url}${apiKey === '' ? ' (no API key asked for)' : ''}`);
  return stopped;
}

function start(
  kind: Kind,
  options: { listen: string; apiKey: string; policyFile: string | undefined; kvUrl: string | undefined },
) {
  const policy = options.policyFile === undefined ? {} : { policyFile: options.policyFile };
  const kv = options.kvUrl === undefined ? {} : { kvUrl: options.kvUrl };
  switch (kind) {
    case 'security':
      return startSecurityGuardServer({ listen: options.listen, apiKey: options.apiKey, ...policy });
    case 'privacy':
      return startPrivacyGuardServer({ listen: options.listen, apiKey: options.apiKey, ...kv });
    case 'usage':
      return startUsageGuardServer({ listen: options.listen, apiKey: options.apiKey, ...policy, ...kv });
  }
}
