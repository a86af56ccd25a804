/** The vector answer cache service: settings → store backend → HTTP server, with autosave, reload and drain. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino, type Logger } from 'pino';
import { applyServerTimeouts } from '@sluice/host';
import type { RestoreProgress } from '@sluice/vector-store';
import { AnswerCache } from './answer-cache.js';
import type { AnswerStore, StoreBackend } from './backend/answer-store.js';
import { openHnswBackend } from './backend/hnsw-backend.js';
import { openQdrantBackend } from './backend/qdrant-backend.js';
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
import { reasonOf } from './start-failure.js';

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
  readonly #backend: StoreBackend;
  #stopping: Promise<void> | undefined;

  private constructor(
    readonly settings: VectorCacheSettings,
    backend: StoreBackend,
    readonly metrics: ServiceMetrics,
    readonly logger: Logger,
    license: LicenseState,
    keys: ApiKeys,
  ) {
    this.#license = license;
    this.#backend = backend;
    const { store, files } = backend;
    const gate = new LicenseGate(() => this.#license);
    this.#drain = new Drain();
    const context: ServiceContext = {
      settings,
      version: VECTOR_CACHE_VERSION,
      files,
      metrics,
      license: gate,
      licenseStatus: () => this.#license.status(),
      authenticate: (headers) => keys.authenticate(headers),
      logger,
      cache: new AnswerCache({ store, metrics, license: gate, efSearch: settings.efSearch, tokensPerHit: settings.tokensPerHit }),
      notReady: async () => (this.#drain.draining ? 'shutting down' : backend.notReady()),
    };
    const app = createVectorCacheApp(context, [this.#drain.middleware()]);
    this.#server = createServer(app.callback());
    applyServerTimeouts(this.#server, settings.serverTimeouts, (phase) => metrics.connectionsTimedOut.inc({ phase }));
    this.#autosave =
      settings.autosaveSeconds > 0 && files !== undefined
        ? new Autosave(settings.autosaveSeconds * 1000, async () => {
            try {
              await files.saveSnapshot();
              metrics.snapshotSaves.inc();
            } catch (error) {
              metrics.snapshotSaveFailures.inc();
              // An expected condition (a full disk, a failed log), not a bug: one line with the reason.
              logger.error({ reason: (error as Error).message }, 'autosave failed');
            }
          })
        : undefined;
  }

  /** Reads the settings, opens the store (restoring the paired set and the log, or opening the Qdrant collection) and listens. */
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
    let backend: StoreBackend;
    let settings: VectorCacheSettings;
    if (read.backend === 'qdrant') {
      backend = await openQdrantBackend(read);
      // No data directory is used: nothing is created or read there.
      settings = read;
    } else {
      const opened = await openHnswBackend(read, { logger, onRestore: options.onRestore });
      backend = opened.backend;
      settings = Object.freeze({ ...read, dataDir: opened.dataDir });
    }
    const metrics = new ServiceMetrics({
      activeIds: () => backend.activeIds(),
      answersCached: () => backend.answersCached(),
      licenseDaysUntilExpiry: () => license.daysUntilExpiry(),
    });
    const service = new VectorCacheService(settings, backend, metrics, logger, license, keys);
    try {
      await service.#listen();
    } catch (error) {
      await backend.close();
      const { host, port } = settings.listen;
      throw new SettingError('SVC_LISTEN_ADDR', `cannot listen on ${host}:${port}: ${reasonOf(error)}`);
    }
    return service;
  }

  /** The store the entries live in: the in-process index (`hnsw`) or the shared collection (`qdrant`). */
  get store(): AnswerStore {
    return this.#backend.store;
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
    await this.#backend.close();
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
