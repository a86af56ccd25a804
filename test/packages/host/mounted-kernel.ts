/** A kernel mounted in a real Koa app on 127.0.0.1, for the host suites. */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Koa from 'koa';
import { gatewayMiddleware, type HostOptions } from '@sluice/host';
import type { Kernel } from '@sluice/core';

export async function mount(
  kernel: Kernel,
  options: Partial<HostOptions> = {},
): Promise<{ url: string; close: () => Promise<void> }> {
  const app = new Koa();
  app.use(gatewayMiddleware(kernel, options));
  const server: Server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const post = (url: string, body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  fetch(url, { method: 'POST', headers, body });
