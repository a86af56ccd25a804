/** Why `sluice gateway` could not start, in one line with a hint: the config, its file, or the listening address. */
import { ConfigError, ConfigErrors } from '@sluice/config';
import { maskUrl } from '@sluice/util';
import { CommandError } from './command-error.js';

const COMMAND = 'sluice gateway';

/** The configuration file the gateway reads when no `--config` is given. */
export const DEFAULT_CONFIG_FILE = 'config/gateway.conf';

/** A failure while reading or validating `file`; `given` is whether it came from `--config`. */
export function configFailure(error: unknown, file: string, given: boolean): CommandError {
  if (error instanceof ConfigErrors || error instanceof ConfigError) {
    // A directive's check may quote the value it refuses: a URL is shown masked.
    return new CommandError(COMMAND, maskUrl(error.message), 'docs/reference/config.md lists every directive');
  }
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') {
    const hint = given
      ? 'check the path given to --config'
      : `without --config FILE the gateway reads ${DEFAULT_CONFIG_FILE} from the current directory`;
    return new CommandError(COMMAND, `cannot read configuration file ${file}: no such file`, hint);
  }
  if (code === 'EACCES') return new CommandError(COMMAND, `cannot read configuration file ${file}: permission denied`);
  if (code === 'EISDIR') return new CommandError(COMMAND, `cannot read configuration file ${file}: it is a directory`);
  return new CommandError(COMMAND, maskUrl((error as Error).message));
}

const LISTEN_REASONS: Readonly<Record<string, string>> = {
  EADDRINUSE: 'the address is already in use',
  EADDRNOTAVAIL: 'the address is not one of this machine',
  EACCES: 'permission denied (ports below 1024 need privileges)',
};

/** `server.listen` failed on `address` (the `listen_addr` of `file`). */
export function listenFailure(error: unknown, address: string, file: string): CommandError {
  const code = (error as NodeJS.ErrnoException).code;
  const reason = (code === undefined ? undefined : LISTEN_REASONS[code]) ?? (error as Error).message;
  const hint =
    code === 'EADDRINUSE'
      ? `another process holds it; change listen_addr in ${file}, or stop that process`
      : `change listen_addr in ${file}`;
  return new CommandError(COMMAND, `cannot listen on ${address}: ${reason}`, hint);
}

/** The plugins failed to start (a dependency unreachable with fail-open off, a bad policy file, …). */
export function startFailure(error: unknown): CommandError {
  return new CommandError(COMMAND, maskUrl(`cannot start: ${(error as Error).message}`));
}
