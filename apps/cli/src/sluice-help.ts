/** The top-level help of `sluice`: every command in one line, the global flags, exit codes and examples. */
import { COMMANDS } from './commands.js';

/**
 * @example
 * output.out(sluiceHelp());
 */
export function sluiceHelp(): string {
  const commands = [...COMMANDS, { name: 'help', brief: 'list the commands, or show one command’s help: sluice help <command>' }];
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    'usage: sluice <command> [flags]',
    '       sluice help <command>  |  sluice <command> --help  |  sluice --version',
    '',
    'sluice is a cost firewall for LLM traffic: an OpenAI-compatible gateway with caches, guards and',
    'cost accounting, and the services around it.',
    '',
    'commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.brief}`),
    '',
    'flags:',
    '  -h, --help     show this help',
    '  -v, --version  print the version',
    '',
    'exit codes: 0 done (or valid), 1 failed at run time (bad config, port in use, invalid license, …),',
    '            2 wrong command line (unknown command or flag, missing value); nothing was run',
    '',
    'examples:',
    '  sluice gateway --config config/gateway.conf',
    '  sluice gateway --config config/gateway.conf --test-config',
    '  SVC_DIMS=384 sluice vector-cache',
    '  sluice help license',
    '',
    'docs: docs/cli.md (commands, flags, exit codes), docs/architecture.md',
  ].join('\n');
}
