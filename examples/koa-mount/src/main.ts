/**
 * Runs the example by hand (see README.md): the app on APP_LISTEN (127.0.0.1:3000), one user whose
 * key is APP_API_KEY, the pipeline from LLM_CONFIG (llm.conf beside this package by default).
 */
import { fileURLToPath } from 'node:url';
import { loadGatewayConfig } from '@sluice/preset-gateway';
import { pino } from 'pino';
import { createApp } from './app.js';
import { UserDirectory } from './users.js';

const logger = pino({ level: process.env.LOG_LEVEL ?? 'info' });
const [host = '127.0.0.1', port = '3000'] = (process.env.APP_LISTEN ?? '127.0.0.1:3000').split(':');
const configFile = process.env.LLM_CONFIG ?? fileURLToPath(new URL('../llm.conf', import.meta.url));
const users = new UserDirectory([{ key: process.env.APP_API_KEY ?? 'demo-key', user: { id: 'user-demo', name: 'Demo' } }]);

const app = await createApp({ users, llmConfig: await loadGatewayConfig(configFile), logger });
const server = app.koa.listen(Number(port), host, () => logger.info({ url: `http://${host}:${port}` }, 'app listening'));

// #region shutdown
async function shutdown(): Promise<void> {
  // Stop taking requests, let those in flight finish, then stop the pipeline's plugins.
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
  await app.close();
  logger.info('app stopped');
}
// #endregion shutdown

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () =>
    shutdown().catch((error: unknown) => {
      logger.error({ err: error }, 'stop failed');
      process.exitCode = 1;
    }),
  );
}
