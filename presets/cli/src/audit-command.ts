/** `sluice audit`: the reference audit module; `sluice audit verify`: recompute its hash chain. */
import { parseArgs } from 'node:util';
import { startAuditServer, verifyAuditChain, type AuditServer } from '@sluice/preset-audit';
import type { Output } from './cli.js';
import { untilSignalled } from './until-signalled.js';

const HELP = `usage: sluice audit --listen ADDR --data DIR --api-key KEY
       sluice audit verify --data DIR

  --listen ADDR    host:port to serve the module on (e.g. 127.0.0.1:8095)
  --data DIR       the directory of audit.sqlite (created when missing)
  --api-key KEY    the key producers send as Bearer and readers as X-API-Key; also SVC_AUDIT_API_KEY
                   (the variable keeps the key out of the process list)

verify recomputes the hash chain: "ok: N events" and exit 0, or the first bad sequence and exit 1
(exit 2 when DIR holds no audit database). See docs/audit.md.
signals: SIGTERM/SIGINT stop the server and close the database.`;

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
  let flags;
  try {
    flags = parseArgs({ args: argv.slice(verifying ? 1 : 0), options: OPTIONS, strict: true }).values;
  } catch (error) {
    output.err(`sluice audit: ${(error as Error).message}\n${HELP}`);
    return 1;
  }
  if (flags.help === true) {
    output.out(HELP);
    return 0;
  }
  if (flags.data === undefined) return usageError('--data is required');
  if (verifying) return verify(flags.data, output);
  if (flags.listen === undefined) return usageError('--listen is required');
  const apiKey = flags['api-key'] ?? env.SVC_AUDIT_API_KEY ?? '';
  if (apiKey === '') return usageError('--api-key (or SVC_AUDIT_API_KEY) is required');

  let server: AuditServer;
  try {
    server = await startAuditServer({
      listen: flags.listen,
      dataDir: flags.data,
      apiKey,
      onError: (error) => output.err(`sluice audit: request failed: ${(error as Error).message}`),
    });
  } catch (error) {
    output.err(`sluice audit: ${(error as Error).message}`);
    return 1;
  }
  const logger = { info: () => undefined };
  const stopped = untilSignalled('sluice audit', { logger, stop: () => server.close(), reload: () => undefined }, output);
  output.out(`sluice audit listening on ${server.url} (data ${flags.data})`);
  return stopped;

  function usageError(message: string): number {
    output.err(`sluice audit: ${message}\n${HELP}`);
    return 1;
  }
}

function verify(dataDir: string, output: Output): number {
  try {
    const verdict = verifyAuditChain(dataDir);
    if (verdict.ok) {
      output.out(`ok: ${verdict.events} events`);
      return 0;
    }
    output.out(`bad: sequence ${verdict.firstBadSequence}: ${verdict.reason}`);
    return 1;
  } catch (error) {
    output.err(`sluice audit verify: ${(error as Error).message}`);
    return 2;
  }
}
