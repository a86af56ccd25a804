/** The vector answer cache service: settings → store → HTTP server, with autosave, reload and drain. */
import { mkdir, realpath } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino, type Logger } from 'pino';
import { applyServerTimeouts } from '@sluice/host';
import { HnswVectorStore, PRIVATE_DIR_MODE, type RestoreProgress } from '@sluice/vector-store';
import { AnswerCache, answerRecordProblem, type AnswerRecord } from './answer-cache.js';
import { ApiKeys } from './auth/api-keys.js';
import { createVectorCacheApp } from './http/app.js';
import type { ServiceContext } from './http/service-context.js';
import { LicenseGate } from './license-gate.js';
import { LicenseState } from './license/license-state.js';
import { readSettings, SettingError, type VectorCacheSettings } from './settings.js';
import { ServiceMetrics } from './service-metrics.js';
import { VECTOR_CACHE_VERSION } from './version.js';
import { Autosave } from './autosave.js';
import { Drain } from './drain.js';

export interface StartOptions {
  readonly logger?: Logger;
  readonly cwd?: string;
  /** Called as the store restores the data directory (the snapshot, then the log), for a progress display. */
  readonly onRestore?: (progress: RestoreProgress) => void;
}

/**
 * @example
 * const service = await VectorCacheService.start({ SVC_DIMS: '384' });
 * console.log(service.url); // http://127.0.0.1:8090
 * await service.stop();     // drains, then writes the final paired set
 */
export class VectorCacheService {
  readonly #server: Server;
  readonly #drain: Drain;
  readonly #autosave: Autosave | undefined;
  readonly #license: LicenseState;
  #stopping: Promise<void> | undefined;

  private constructor(
    readonly settings: VectorCacheSettings,
    readonly store: HnswVectorStore<AnswerRecord>,
    readonly metrics: ServiceMetrics,
    readonly logger: Logger,
    license: LicenseState,
    keys: ApiKeys,
  ) {
    this.#license = license;
    const gate = new LicenseGate(() => this.#license);
    this.#drain = new Drain();
    const context: ServiceContext = {
      settings,
      version: VECTOR_CACHE_VERSION,
      store,
      metrics,
      license: gate,
      licenseStatus: () => this.#license.status(),
      authenticate: (headers) => keys.authenticate(headers),
      logger,
      cache: new AnswerCache({ store, metrics, license: gate, efSearch: settings.efSearch, tokensPerHit: settings.tokensPerHit }),
      notReady: () => (this.#drain.draining ? 'shutting down' : store.unwritableReason()),
    };
    const app = createVectorCacheApp(context, [this.#drain.middleware()]);
    this.#server = createServer(app.callback());
    applyServerTimeouts(this.#server, settings.serverTimeouts, (phase) => metrics.connectionsTimedOut.inc({ phase }));
    this.#autosave =
      settings.autosaveSeconds > 0
        ? new Autosave(settings.autosaveSeconds * 1000, async () => {
            try {
              await store.saveSnapshot();
              metrics.snapshotSaves.inc();
            } catch (error) {
              metrics.snapshotSaveFailures.inc();
              // An expected condition (a full disk, a failed log), not a bug: one line with the reason.
              logger.error({ reason: (error as Error).message }, 'autosave failed');
            }
          })
        : undefined;
  }

  /** Reads the settings, opens the store (restoring the paired set and the log) and listens. */
  static async start(env: Readonly<Record<string, string | undefined>>, options: StartOptions = {}): Promise<VectorCacheService> {
    const read = readSettings(env, options.cwd);
    const logger = options.logger ?? pino({ level: read.logLevel });
    const keys = ApiKeys.fromEnv(env);
    if (read.authRequired && keys.count.app + keys.count.admin === 0) {
      throw new SettingError(
        'SVC_AUTH_REQUIRED',
        'is 1 but no key is configured; set SVC_APP_KEYS / SVC_ADMIN_KEYS (or their _FILE forms)',
      );
    }
    const license = LicenseState.fromEnv(env);
    if (license.problem !== undefined) logger.warn({ reason: license.problem }, 'license not accepted; running as community');
    await mkdir(read.dataDir, { recursive: true, mode: PRIVATE_DIR_MODE }).catch((error: unknown) => {
      throw new SettingError('SVC_DATA_DIR', `cannot create ${read.dataDir}: ${reasonOf(error)}`);
    });
    // The real path, so a snapshot path that reaches the data directory through a symlink is still "home".
    const settings = Object.freeze({ ...read, dataDir: await realpath(read.dataDir) });
    const store = await HnswVectorStore.open<AnswerRecord>({
      dims: settings.dims,
      metric: settings.metric,
      M: settings.M,
      efConstruction: settings.efConstruction,
      efSearch: settings.efSearch,
      dataDir: settings.dataDir,
      durability: settings.durability,
      serverVersion: VECTOR_CACHE_VERSION,
      logger,
      checkPayload: answerRecordProblem,
      ...(options.onRestore === undefined ? {} : { onRestore: options.onRestore }),
    });
    const metrics = new ServiceMetrics({
      activeIds: () => store.activeCount,
      answersCached: () => store.payloadCount,
      licenseDaysUntilExpiry: () => license.daysUntilExpiry(),
    });
    const service = new VectorCacheService(settings, store, metrics, logger, license, keys);
    try {
      await service.#listen();
    } catch (error) {
      await store.close();
      const { host, port } = settings.listen;
      throw new SettingError('SVC_LISTEN_ADDR', `cannot listen on ${host}:${port}: ${reasonOf(error)}`);
    }
    return service;
  }

  /** `http://host:port` of the listening server. */
  get url(): string {
    const address = this.#server.address() as AddressInfo;
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return `http://${host}:${address.port}`;
  }

  /** Re-reads the license files (SIGHUP). A failed reload keeps the old license and says why. */
  reloadLicense(): void {
    const outcome = this.#license.reload();
    if (outcome.ok) this.logger.info({ license: outcome.status }, 'license reloaded');
    else this.logger.error({ reason: outcome.reason }, 'license reload failed; the previous license stays');
  }

  /** Stops taking requests, drains those in flight, then writes the final paired set. */
  stop(): Promise<void> {
    this.#stopping ??= this.#stop();
    return this.#stopping;
  }

  async #stop(): Promise<void> {
    this.#autosave?.stop();
    await this.#drain.close(this.#server, this.settings.shutdownTimeoutSeconds * 1000);
    await this.#autosave?.idle();
    await this.store.close();
  }

  #listen(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(this.settings.listen.port, this.settings.listen.host, () => {
        this.#server.off('error', reject);
        this.#autosave?.start();
        resolve();
      });
    });
  }
}

/** Why the data directory or the listening socket failed, in words; like every start-up error, without a stack. */
const REASONS: Readonly<Record<string, string>> = {
  EADDRINUSE: 'the address is already in use',
  EADDRNOTAVAIL: 'the address is not one of this machine',
  EACCES: 'permission denied',
  EEXIST: 'a file of that name is in the way',
  ENOTDIR: 'a part of the path is not a directory',
  EROFS: 'the file system is read-only',
};

function reasonOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  return (code === undefined ? undefined : REASONS[code]) ?? (error as Error).message;
}
