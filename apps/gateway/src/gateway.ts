/** The gateway service: listens, reloads on SIGHUP, drains on SIGTERM/SIGINT. */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Metrics } from '@sluice/core';
import {
  applyServerTimeouts,
  httpHygieneMetrics,
  isJsonContentType,
  type HttpHygieneMetrics,
  type RequestHandler,
} from '@sluice/host';
import type { RestoreProgress } from '@sluice/plugin-semantic-cache';
import { pino, type Logger } from 'pino';
import { createGatewayHandler } from './gateway-handler.js';
import type { GatewayState } from './host-routes.js';
import {
  gatewayOptionsFromConfig,
  loadGatewayConfig,
  urlCredentialWarnings,
  type GatewayPresetOptions,
} from '@sluice/preset-gateway';
import { parseListenAddr } from '@sluice/preset-gateway';

import { buildRuntime, type PluginFactory, type Runtime } from '@sluice/preset-gateway';

export interface GatewayOptions {
  /** The config file, re-read on reload. */
  readonly configFile?: string;
  readonly logger?: Logger;
  /** Plugins composed in code, added after the preset's and the config file's own. */
  readonly plugins?: readonly PluginFactory[];
  /** Called as the in-process semantic store is restored at start (not on a reload): each phase, each log record. */
  readonly onSemanticRestore?: (progress: RestoreProgress) => void;
}

/**
 * @example
 * const gateway = await Gateway.fromFile('config/gateway.conf');
 * const { url } = await gateway.listen();
 */
export class Gateway implements GatewayState {
  readonly metrics: Metrics;
  readonly logger: Logger;
  shuttingDown = false;
  #runtime: Runtime;
  /** Serves every request with the current runtime; a reload swaps it with the runtime. */
  #handler: RequestHandler;
  #server: Server | undefined;
  readonly #configFile: string | undefined;
  readonly #composed: readonly PluginFactory[];
  readonly #hygiene: HttpHygieneMetrics;

  private constructor(runtime: Runtime, logger: Logger, metrics: Metrics, options: GatewayOptions) {
    this.#runtime = runtime;
    this.logger = logger;
    this.metrics = metrics;
    this.#configFile = options.configFile;
    this.#composed = options.plugins ?? [];
    this.#handler = createGatewayHandler(this, runtime);
    this.#hygiene = httpHygieneMetrics(metrics, {
      refused: 'gw_http_requests_refused_total',
      timedOut: 'gw_http_connections_timed_out_total',
    });
  }

  /**
   * Builds the gateway from the preset's typed options (a config file's: `gatewayOptionsFromConfig`) and
   * starts its plugins.
   */
  static async create(preset: GatewayPresetOptions, options: GatewayOptions = {}): Promise<Gateway> {
    const logger = options.logger ?? pino({ level: preset.gateway?.logLevel ?? 'info' });
    // One registry for the life of the process, so counters survive a reload.
    const metrics = new Metrics();
    const onSemanticRestore = options.onSemanticRestore;
    const runtime = buildRuntime(
      preset,
      { logger, metrics, ...(onSemanticRestore ? { onSemanticRestore } : {}) },
      options.plugins,
    );
    await runtime.kernel.start();
    return new Gateway(runtime, logger, metrics, options);
  }

  static async fromFile(file: string, options: Omit<GatewayOptions, 'configFile'> = {}): Promise<Gateway> {
    return Gateway.create(gatewayOptionsFromConfig(await loadGatewayConfig(file)), { ...options, configFile: file });
  }

  get runtime(): Runtime {
    return this.#runtime;
  }

  /** Starts listening on `listen_addr` (or the given address) and resolves with the base URL. */
  async listen(address: string = this.#runtime.settings.listenAddr): Promise<{ url: string; port: number; host: string }> {
    const { host, port } = parseListenAddr(address);
    const server = createServer((req, res) => void this.#handler.serve(req, res));
    const refused = this.#hygiene.refused;
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      // Counted whatever answers the request (the chat route, a plugin route, the drain), once it is answered.
      if (req.method === 'POST' && !isJsonContentType(req.headers['content-type']))
        res.once('finish', () => res.statusCode === 415 && refused.inc({ reason: 'unsupported_media_type' }));
    });
    applyServerTimeouts(server, this.#runtime.settings.serverTimeouts, (phase) => this.#hygiene.timedOut.inc({ phase }));
    this.#server = server;
    server.listen(port, host);
    await once(server, 'listening');
    const bound = server.address() as AddressInfo;
    const shown = bound.family === 'IPv6' ? `[${bound.address}]` : bound.address;
    return { url: `http://${shown}:${bound.port}`, port: bound.port, host: bound.address };
  }

  /**
   * Re-reads the config file and swaps in a new runtime. A config that fails validation or start
   * keeps the old runtime. The old runtime stops once its in-flight requests finish.
   */
  async reload(): Promise<boolean> {
    if (this.#configFile === undefined) throw new Error('reload needs a gateway created from a config file');
    let next: Runtime;
    try {
      const config = await loadGatewayConfig(this.#configFile);
      for (const warning of urlCredentialWarnings(config)) this.logger.warn(warning);
      next = buildRuntime(gatewayOptionsFromConfig(config), { logger: this.logger, metrics: this.metrics }, this.#composed);
      // The next runtime opens the in-process semantic store from disk: this one writes its entries there
      // first and then leaves the directory to it.
      const semantic = this.#runtime.semantic;
      await semantic?.handOver();
      await next.kernel.start().catch((error: unknown) => {
        semantic?.takeBack();
        throw error;
      });
    } catch (error) {
      this.logger.error({ err: { message: (error as Error).message } }, 'reload failed; keeping the running configuration');
      return false;
    }
    const previous = this.#runtime;
    if (next.settings.listenAddr !== previous.settings.listenAddr) {
      this.logger.warn(
        { listen_addr: previous.settings.listenAddr },
        'listen_addr changes need a restart; still listening on the old address',
      );
    }
    if (JSON.stringify(next.settings.serverTimeouts) !== JSON.stringify(previous.settings.serverTimeouts)) {
      this.logger.warn(
        'client_header_timeout_seconds, client_request_timeout_seconds, keepalive_timeout_seconds and send_timeout_seconds changes need a restart; the old values stay',
      );
    }
    const retiring = this.#handler;
    this.#handler = createGatewayHandler(this, next);
    this.#runtime = next;
    this.logger.info({ mode: next.settings.mode }, 'configuration reloaded');
    void this.#retire(previous, retiring, next.settings.shutdownTimeoutSeconds * 1000);
    return true;
  }

  /** Stops accepting, drains in-flight requests up to the shutdown timeout, then stops plugins. */
  async shutdown(): Promise<void> {
    if (this.shuttingDown) return;
    this.shuttingDown = true;
    this.#handler.drain();
    this.metrics.gauge({ name: 'gw_shutdown_in_progress', help: '1 while the gateway drains for shutdown.' }).set(1);
    const server = this.#server;
    const deadline = Date.now() + this.#runtime.settings.shutdownTimeoutSeconds * 1000;
    if (server !== undefined) {
      let closed = false;
      server.close(() => {
        closed = true;
      });
      // Connections go idle as their last response is sent; close each as soon as it does.
      while (!closed && Date.now() < deadline) {
        server.closeIdleConnections();
        await delay(25);
      }
      server.closeAllConnections();
    }
    await this.#retire(this.#runtime, this.#handler, Math.max(0, deadline - Date.now()));
  }

  /** Stops a runtime's plugins once the requests it serves are done, or at the timeout. */
  async #retire(runtime: Runtime, handler: RequestHandler, timeoutMs: number): Promise<void> {
    await handler.idle(timeoutMs);
    await runtime.kernel
      .stop()
      .catch((error: Error) => this.logger.error({ err: { message: error.message } }, 'plugin stop failed'));
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}
