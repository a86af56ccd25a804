/** Where the `/dashboard` page and its figures are served, and whether they are on (`dashboard_enabled`). */
import type { RuntimeSettings } from '@sluice/preset-gateway';

export const DASHBOARD_PATH = '/dashboard';
export const DASHBOARD_FIGURES_PATH = '/dashboard/figures';

/** Read per request, so a SIGHUP reload turns the page on or off. */
export function dashboardEnabled(settings: RuntimeSettings): boolean {
  return settings.dashboardEnabled;
}
