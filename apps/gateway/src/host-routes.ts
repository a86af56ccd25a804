/** The gateway's own routes next to the pipeline: probes, metrics, version and the dashboard. */
import { processMetrics, type Metrics } from '@sluice/core';
import { replyJsonBody, replyText, type HostRoute } from '@sluice/host';
import { versionBody, type Runtime } from '@sluice/preset-gateway';
import type { Logger } from 'pino';
import { behindAdminKey } from './admin-key.js';
import { readDashboardFigures } from './dashboard/figures.js';
import { DASHBOARD_CSP, DASHBOARD_HTML } from './dashboard/page.js';
import { DASHBOARD_FIGURES_PATH, DASHBOARD_PATH, dashboardEnabled } from './dashboard/route.js';
import { readinessDetail, readinessProbe, startupProbe, upstreamStatuses, type ProbeResult } from './probes.js';

/** What the routes read from the service that owns them, per request (a reload swaps the runtime). */
export interface GatewayState {
  readonly runtime: Runtime;
  readonly shuttingDown: boolean;
  readonly metrics: Metrics;
  readonly logger: Logger;
}

/** The dashboard's answers are never cached, framed or sniffed. */
const DASHBOARD_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': DASHBOARD_CSP,
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
});

/**
 * @example
 * new RequestHandler({ kernel, maxBodyBytes, streaming, hostRoutes: gatewayRoutes(gateway) });
 */
export function gatewayRoutes(state: GatewayState): HostRoute[] {
  const readiness = state.metrics.gauge({ name: 'gw_readiness_state', help: '1 when /readyz answers ready, else 0.' });
  const shutdown = state.metrics.gauge({ name: 'gw_shutdown_in_progress', help: '1 while the gateway drains for shutdown.' });
  const ready = () => readinessProbe(state.runtime.kernel, state.shuttingDown);
  // Off, the dashboard's paths answer the same 404 as any unknown route.
  const dashboardOn = () => dashboardEnabled(state.runtime.settings);
  const adminKeyHash = () => state.runtime.settings.adminKeyHash;
  const admin = (route: HostRoute) => behindAdminKey(route, adminKeyHash);
  return [
    { path: '/healthz', serve: (_req, res) => replyText(res, 200, 'ok') },
    { path: '/startupz', serve: (_req, res) => probeReply(res, startupProbe(state.runtime.kernel)) },
    {
      path: '/readyz',
      serve: (req, res) => {
        const result = ready();
        readiness.set(result.ok ? 1 : 0);
        // `?verbose`: every dependency with its state (upstreams and their breakers included), one a line.
        if (new URL(req.url ?? '/', 'http://gateway').searchParams.has('verbose'))
          return replyText(res, result.ok ? 200 : 503, readinessDetail(state.runtime.kernel, state.shuttingDown));
        probeReply(res, result);
      },
    },
    admin({
      path: '/metrics',
      serve: async (_req, res) => {
        readiness.set(ready().ok ? 1 : 0);
        shutdown.set(state.shuttingDown ? 1 : 0);
        const { contentType, body } = await state.metrics.exposition();
        // Each exposition ends with a newline, so the two join as one.
        replyText(res, 200, body + (await processMetrics().metrics()), contentType);
      },
    }),
    {
      path: '/version',
      serve: (_req, res) => {
        const runtime = state.runtime;
        const version = versionBody(runtime.settings.mode, runtime.semantic?.location ?? null);
        replyJsonBody(res, 200, { ...version, upstreams: upstreamStatuses(runtime.kernel) });
      },
    },
    admin({
      path: DASHBOARD_PATH,
      enabled: dashboardOn,
      serve: (_req, res) => replyText(res, 200, DASHBOARD_HTML, 'text/html; charset=utf-8', DASHBOARD_HEADERS),
    }),
    admin({
      path: DASHBOARD_FIGURES_PATH,
      enabled: dashboardOn,
      serve: async (_req, res) => {
        const figures = await readDashboardFigures(state.metrics);
        // This request is in flight too; the page shows the traffic it watches, not its own polling.
        replyJsonBody(res, 200, { ...figures, inFlight: Math.max(0, figures.inFlight - 1) }, DASHBOARD_HEADERS);
      },
    }),
  ];
}

function probeReply(res: Parameters<HostRoute['serve']>[1], result: ProbeResult): void {
  replyText(res, result.ok ? 200 : 503, result.ok ? 'ready' : `not ready: ${result.reason ?? 'unknown'}`);
}
