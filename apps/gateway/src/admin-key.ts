/**
 * The admin key in front of `/metrics` and the dashboard (`admin_key sha256:…`): operations figures say
 * how much traffic, spend and cache reuse there is, which is not for every client that can reach the port.
 * Probes stay open so an orchestrator needs no key.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { defineErrors, GatewayError } from '@sluice/core';
import { keyMatches, presentedKey } from '@sluice/caller';
import { replyGatewayError, type HostRoute } from '@sluice/host';

/**
 * The gateway's own code for a refused admin route.
 * @example
 * const { status } = GATEWAY_ERRORS.admin_key_required; // 401
 */
export const GATEWAY_ERRORS = defineErrors('@sluice/gateway', {
  admin_key_required: {
    status: 401,
    type: 'invalid_request_error',
    message: 'This route needs the admin key: send Authorization: Bearer <admin key>.',
    description: '`/metrics`, `/dashboard` or `/dashboard/figures` without the key `admin_key` names, or with another one.',
  },
});

/** A browser shows its own login prompt for Basic, so the dashboard can be opened by hand. */
const CHALLENGE = { 'www-authenticate': 'Basic realm="sluice admin", charset="UTF-8"' };

/**
 * The route, answering 401 unless the request carries the admin key; `adminKeyHash()` is read per request,
 * so a reload that sets or changes the key applies at once.
 * @example
 * behindAdminKey({ path: '/metrics', serve }, () => state.runtime.settings.adminKeyHash);
 */
export function behindAdminKey(route: HostRoute, adminKeyHash: () => string | undefined): HostRoute {
  return {
    ...route,
    serve: (req: IncomingMessage, res: ServerResponse) => {
      const hash = adminKeyHash();
      if (hash === undefined || keyMatches(presentedKey(req.headers.authorization) ?? '', hash)) return route.serve(req, res);
      replyGatewayError(res, new GatewayError('admin_key_required'), CHALLENGE);
    },
  };
}
