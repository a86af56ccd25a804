/** Dispatches `sluice <command>` and turns failures into a message and an exit code. */
import { auditCommand } from './audit-command.js';
import { gatewayCommand } from './gateway-command.js';
import { guardCommand } from './guard-command.js';
import { licenseCommand } from './license-command.js';
import { vectorCacheCommand } from './vector-cache-command.js';

const USAGE = `usage: sluice <command> [options]

commands:
  gateway --config FILE [--test-config | --print-config | --prune-expired-semantic-cache]
          run the OpenAI-compatible caching gateway
  vector-cache
          run the vector answer cache (configured by SVC_* environment variables)
  guard <security | privacy | usage> --listen ADDR [--api-key KEY] [--policy FILE]
          serve a reference guard module over its HTTP contract
  license <keygen | issue | verify> [options]
          create signing keys, issue and verify vector answer cache licenses
  audit --listen ADDR --data DIR --api-key KEY | audit verify --data DIR
          run the reference audit module, or check its hash chain

run "sluice <command> --help" for the options of a command`;

export type Output = { out: (line: string) => void; err: (line: string) => void };

const consoleOutput: Output = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/** Runs a command; resolves with the exit code (long-running commands resolve when they stop). */
export async function runCli(argv: readonly string[], output: Output = consoleOutput): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'gateway':
      return gatewayCommand(rest, output);
    case 'vector-cache':
      return vectorCacheCommand(rest, output);
    case 'guard':
      return guardCommand(rest, output);
    case 'license':
      return licenseCommand(rest, output);
    case 'audit':
      return auditCommand(rest, output);
    case undefined:
    case '--help':
    case '-h':
    case 'help':
      output.out(USAGE);
      return command === undefined ? 1 : 0;
    default:
      output.err(`sluice: unknown command "${command}"\n${USAGE}`);
      return 1;
  }
}
