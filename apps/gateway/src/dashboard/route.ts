/** Serves the `/dashboard` page and its figures when `dashboard_enabled` is on. */
import type Koa from 'koa';
import type { Metrics } from '@sluice/core';
import type { ResolvedConfig } from '@sluice/config';
import { readDashboardFigures } from './figures.js';
import { DASHBOARD_CSP, DASHBOARD_HTML } from './page.js';

export const DASHBOARD_PATH = '/dashboard';
export const DASHBOARD_FIGURES_PATH = '/dashboard/figures';

/** Read per request, so a SIGHUP reload turns the page on or off. */
export function dashboardEnabled(config: ResolvedConfig): boolean {
  return config.get<boolean>('dashboard_enabled') === true;
}

/**
 * Answers `GET /dashboard` (the page) or `GET /dashboard/figures` (the figures as JSON).
 * @example
 * case DASHBOARD_PATH:
 * case DASHBOARD_FIGURES_PATH:
 *   if (dashboardEnabled(runtime.config)) return serveDashboard(ctx, state.metrics);
 */
export async function serveDashboard(ctx: Koa.Context, metrics: Metrics): Promise<void> {
  ctx.set('content-security-policy', DASHBOARD_CSP);
  ctx.set('cache-control', 'no-store');
  ctx.set('x-content-type-options', 'nosniff');
  ctx.set('referrer-policy', 'no-referrer');
  ctx.set('x-frame-options', 'DENY');
  if (ctx.path === DASHBOARD_FIGURES_PATH) {
    const figures = await readDashboardFigures(metrics);
    // This request is in flight too; the page shows the traffic it watches, not its own polling.
    ctx.body = { ...figures, inFlight: Math.max(0, figures.inFlight - 1) };
    return;
  }
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = DASHBOARD_HTML;
}
