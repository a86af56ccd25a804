/** `sluice gateway`: serve, or check/print the config, or prune the semantic cache. */
import { ConfigError, type ResolvedConfig } from '@sluice/config';
import { type Mode } from '@sluice/core';
import { printConfig } from '@sluice/config';
import { maskUrl } from '@sluice/util';
import { progressWanted } from '@sluice/util';
import { savedStoreProblem } from '@sluice/plugin-semantic-cache';
import { GATEWAY_DIRECTIVE_SETS, loadGatewayConfig, urlCredentialWarnings } from '@sluice/preset-gateway';
import { CommandError, UsageError } from './command-error.js';
import { parseCommandLine } from './command-line.js';
import { configFailure, DEFAULT_CONFIG_FILE } from './gateway-failure.js';
import { pruneSemanticCache } from './gateway-prune.js';
import { serveGateway } from './gateway-serve.js';
import { startProblem } from './gateway-test-config.js';
import { renderHelp, type CommandHelp } from './help.js';
import { progressStream, type Output } from './output.js';

const COMMAND = 'sluice gateway';

export const GATEWAY_HELP: CommandHelp = {
  usage: [
    'sluice gateway [--config FILE] [--progress]',
    'sluice gateway [--config FILE] --test-config | --print-config',
    'sluice gateway [--config FILE] --prune-expired-semantic-cache [--progress]',
  ],
  summary:
    'Run the OpenAI-compatible caching gateway (caches, guards, cost accounting, evidence) as its config file says; once it listens it prints what is on and where metrics and probes are.',
  flags: [
    ['-c, --config FILE', `the configuration file (default: ${DEFAULT_CONFIG_FILE})`],
    [
      '-t, --test-config',
      'validate the file as the start does (the plugins built, the embedder made, policy files and a saved in-process semantic store read), connecting to nothing; then exit',
    ],
    [
      '--print-config',
      'print the resolved configuration, every secret masked (keys, and passwords and secret query values in URLs), then exit',
    ],
    ['--prune-expired-semantic-cache', 'delete expired semantic cache entries, then exit'],
    [
      '--progress',
      'show the progress of the semantic store’s restore at start, or of the prune, on stderr even when it is not a terminal',
    ],
    ['-h, --help', 'show this help'],
  ],
  notes: [
    'signals: SIGHUP reloads the configuration (a bad file keeps the running one); SIGTERM/SIGINT drain and stop.',
    'exit: 0 done, 1 the config or the start failed (one line on stderr says why), 2 a wrong command line.',
  ],
  examples: [
    'sluice gateway --config config/gateway.conf',
    'sluice gateway -c gateway.conf --test-config',
    'sluice gateway -c gateway.conf --print-config',
    'sluice gateway -c gateway.conf --prune-expired-semantic-cache --progress',
  ],
  docs: ['docs/cli.md', 'docs/reference/config.md'],
};

const OPTIONS = {
  config: { type: 'string', short: 'c' },
  'test-config': { type: 'boolean', short: 't' },
  'print-config': { type: 'boolean' },
  'prune-expired-semantic-cache': { type: 'boolean' },
  progress: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

const ACTIONS = ['test-config', 'print-config', 'prune-expired-semantic-cache'] as const;

export async function gatewayCommand(argv: readonly string[], output: Output): Promise<number> {
  const { values: flags } = parseCommandLine(COMMAND, argv, OPTIONS);
  if (flags.help === true) {
    output.out(renderHelp(GATEWAY_HELP));
    return 0;
  }
  const actions = ACTIONS.filter((action) => flags[action] === true);
  if (actions.length > 1) throw new UsageError(COMMAND, `--${actions[0]} and --${actions[1]} cannot be combined`);
  const action = actions[0];
  if (flags.progress === true && action !== undefined && action !== 'prune-expired-semantic-cache') {
    throw new UsageError(COMMAND, `--progress goes with serving or --prune-expired-semantic-cache, not --${action}`);
  }
  const file = flags.config ?? DEFAULT_CONFIG_FILE;
  let config: ResolvedConfig;
  try {
    config = await loadGatewayConfig(file);
  } catch (error) {
    throw configFailure(error, file, flags.config !== undefined);
  }
  switch (action) {
    case 'test-config': {
      const saved = await savedStoreProblem(config, config.get<Mode>('gw_enforcement_mode') ?? 'enforce');
      if (saved !== undefined) throw configFailure(new ConfigError(`${file}: ${saved}`), file, flags.config !== undefined);
      const problem = await startProblem(config);
      if (problem !== undefined) throw new CommandError(COMMAND, maskUrl(problem));
      for (const warning of urlCredentialWarnings(config)) output.err(`${COMMAND}: warning: ${warning}`);
      output.out(`sluice gateway: configuration file ${file} test is successful`);
      return 0;
    }
    case 'print-config':
      output.out(printConfig(config, GATEWAY_DIRECTIVE_SETS).trimEnd());
      return 0;
    case 'prune-expired-semantic-cache':
      return pruneSemanticCache(config, output, progressWanted(flags.progress, progressStream(output)));
    default:
      return serveGateway(config, file, output, progressWanted(flags.progress, progressStream(output)));
  }
}
