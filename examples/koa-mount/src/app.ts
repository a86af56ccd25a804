/**
 * An app that already runs on Koa, with its own logger, error handling, routes and auth, and the
 * sluice pipeline mounted under /llm: the app's users call models through it with their own keys.
 */
import Koa from 'koa';
import { createGatewayRouter } from '@sluice/host';
import { Metrics, type Kernel } from '@sluice/core';
import { type ResolvedConfig } from '@sluice/config';
import { buildRuntime, gatewayOptionsFromConfig } from '@sluice/preset-gateway';
import { readinessProbe } from '@sluice/gateway';
import type { Logger } from 'pino';
import { appState, requireUser } from './app-state.js';
import { authenticate } from './auth.js';
import { handleErrors } from './error-handler.js';
import { logRequests } from './request-log.js';
import { apiRoutes, publicRoutes } from './routes.js';
import type { UserDirectory } from './users.js';

/** Where the pipeline is mounted: the openai client's base URL is `…/llm/v1`. */
export const LLM_PREFIX = '/llm';

export interface AppOptions {
  readonly users: UserDirectory;
  /** The pipeline's gateway config (`loadGatewayConfig` or `parseGatewayConfig`). Its listen_addr is not used. */
  readonly llmConfig: ResolvedConfig;
  readonly logger: Logger;
}

export interface App {
  readonly koa: Koa;
  readonly kernel: Kernel;
  /** sluice's registry, served at `/metrics`. */
  readonly metrics: Metrics;
  /** Reports not ready on `/health`, then stops the pipeline's plugins. Close the HTTP server first. */
  close(): Promise<void>;
}

/**
 * Builds the app and starts the pipeline's plugins.
 * @example
 * const app = await createApp({ users, llmConfig: await loadGatewayConfig('llm.conf'), logger: pino() });
 * const server = app.koa.listen(3000, '127.0.0.1');
 */
export async function createApp(options: AppOptions): Promise<App> {
  const { users, logger } = options;
  const metrics = new Metrics();
  let closing = false;

  // #region mount
  // The pipeline of a gateway config, logging through the app's logger and counting in its registry.
  const runtime = buildRuntime(gatewayOptionsFromConfig(options.llmConfig), {
    logger: logger.child({ component: 'sluice' }),
    metrics,
  });
  await runtime.kernel.start();
  const llm = createGatewayRouter(runtime.kernel, {
    prefix: LLM_PREFIX,
    streaming: runtime.settings.streaming,
    maxBodyBytes: runtime.settings.maxBodyBytes,
    // Each app user is a tenant: caches, quotas and evidence are kept apart per user.
    onExchange: (exchange, ctx) => {
      exchange.tenant = requireUser(ctx).id;
      appState(ctx).exchange = exchange;
    },
  });
  // #endregion mount

  const koa = new Koa();
  // #region middleware
  koa.use(logRequests(logger));
  koa.use(handleErrors({ logger, llmPrefix: LLM_PREFIX }));
  koa.use(publicRoutes({ metrics, llmReadiness: () => readinessProbe(runtime.kernel, closing) }).routes());
  // Every route below needs one of the app's users.
  koa.use(authenticate(users));
  koa.use(apiRoutes().routes());
  koa.use(llm.routes());
  koa.use(llm.allowedMethods({ throw: true }));
  // #endregion middleware

  return {
    koa,
    kernel: runtime.kernel,
    metrics,
    close: async () => {
      closing = true;
      await runtime.kernel.stop();
    },
  };
}
