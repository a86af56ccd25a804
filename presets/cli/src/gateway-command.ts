/** `sluice gateway`: serve, or check/print the config, or prune the semantic cache. */
import { parseArgs } from 'node:util';
import { ConfigError, ConfigErrors, Metrics, printConfig, type ResolvedConfig } from '@sluice/core';
import { pruneExpiredSemanticEntries, semanticCacheOptionsFromConfig } from '@sluice/plugin-semantic-cache';
import { pino } from 'pino';
import { GATEWAY_DIRECTIVE_SETS, Gateway, loadGatewayConfig, RELEASE_VERSION } from '@sluice/preset-gateway';
import type { Output } from './cli.js';
import { untilSignalled } from './until-signalled.js';

const HELP = `usage: sluice gateway [--config FILE] [--test-config | --print-config | --prune-expired-semantic-cache]

  --config FILE                    configuration file (default: config/gateway.conf)
  --test-config                    validate the file only (no connections) and exit
  --print-config                   print the resolved configuration with secrets masked
  --prune-expired-semantic-cache   remove expired semantic cache entries and exit

signals: SIGHUP reloads the configuration; SIGTERM/SIGINT drain and stop.`;

export async function gatewayCommand(argv: readonly string[], output: Output): Promise<number> {
  let flags;
  try {
    flags = parseArgs({
      args: [...argv],
      options: {
        config: { type: 'string', short: 'c', default: 'config/gateway.conf' },
        'test-config': { type: 'boolean', short: 't' },
        'print-config': { type: 'boolean' },
        'prune-expired-semantic-cache': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }).values;
  } catch (error) {
    output.err(`sluice gateway: ${(error as Error).message}\n${HELP}`);
    return 1;
  }
  if (flags.help === true) {
    output.out(HELP);
    return 0;
  }
  const file = flags.config;
  try {
    const config = await loadGatewayConfig(file);
    if (flags['test-config'] === true) {
      output.out(`sluice gateway: configuration file ${file} test is successful`);
      return 0;
    }
    if (flags['print-config'] === true) {
      output.out(printConfig(config, GATEWAY_DIRECTIVE_SETS).trimEnd());
      return 0;
    }
    if (flags['prune-expired-semantic-cache'] === true) return await prune(config, output);
    return await serve(file, output);
  } catch (error) {
    output.err(describe(error, file));
    return 1;
  }
}

async function serve(file: string, output: Output): Promise<number> {
  const gateway = await Gateway.fromFile(file);
  const { url } = await gateway.listen();
  const stopped = untilSignalled(
    'sluice gateway',
    { logger: gateway.logger, stop: () => gateway.shutdown(), reload: () => void gateway.reload() },
    output,
  );
  output.out(`sluice gateway listening on ${url} (mode ${gateway.runtime.settings.mode})`);
  output.out(`point an OpenAI client at it: baseURL ${url}/v1  e.g. curl ${url}/v1/models`);
  return stopped;
}

async function prune(config: ResolvedConfig, output: Output): Promise<number> {
  const options = semanticCacheOptionsFromConfig(config);
  if (options === undefined) {
    output.out('sluice gateway: the semantic cache is not enabled in this configuration; nothing to prune');
    return 0;
  }
  const logger = pino({ level: 'warn' });
  const results = await pruneExpiredSemanticEntries(options, { logger, metrics: new Metrics(), serverVersion: RELEASE_VERSION });
  const removed = results.reduce((sum, result) => sum + result.removed, 0);
  for (const result of results)
    output.out(`sluice gateway: ${result.location}: removed ${result.removed} expired semantic entries`);
  output.out(`sluice gateway: removed ${removed} expired semantic entries in all`);
  return 0;
}

function describe(error: unknown, file: string): string {
  if (error instanceof ConfigErrors || error instanceof ConfigError) return `sluice gateway: ${error.message}`;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return `sluice gateway: cannot read configuration file ${file}: no such file`;
  if (code === 'EADDRINUSE') return `sluice gateway: cannot listen: address already in use`;
  return `sluice gateway: ${(error as Error).message}`;
}
