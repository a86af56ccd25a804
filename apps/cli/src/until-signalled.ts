/** The life of a long-running command: SIGHUP reloads, SIGTERM/SIGINT stop gracefully, then the exit code. */
import type { Output } from './output.js';

export interface Service {
  readonly logger: { info(object: object, message: string): void };
  /** Drains and stops; rejects when the stop failed. */
  stop(): Promise<void>;
  reload(): void;
}

/**
 * Installs the signal handlers; call it before printing the "listening" line, so a signal sent as soon
 * as that line is read never meets the default action (which ends the process).
 * @example
 * const stopped = untilSignalled('sluice gateway', { logger, stop: () => gateway.shutdown(), reload: () => void gateway.reload() }, output);
 * output.out('listening on …');
 * return stopped;
 */
export function untilSignalled(command: string, service: Service, output: Output): Promise<number> {
  return new Promise<number>((resolve) => {
    const stop = (signal: string) => {
      service.logger.info({ signal }, 'shutting down');
      service.stop().then(
        () => resolve(0),
        (error: unknown) => {
          output.err(`${command}: shutdown failed: ${(error as Error).message}`);
          resolve(1);
        },
      );
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
    process.on('SIGHUP', () => service.reload());
  });
}
