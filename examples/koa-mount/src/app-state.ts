/** What the app's middleware leaves on `ctx.state` for the middleware after it. */
import type { Exchange } from '@sluice/core';
import type { Context } from 'koa';
import { AppError } from './app-error.js';
import type { AppUser } from './users.js';

export interface AppState {
  /** The caller, once the auth middleware accepted the key. */
  user?: AppUser;
  /** The exchange of a chat request under the LLM mount, once sluice made it. */
  exchange?: Exchange;
}

/**
 * @example
 * appState(ctx).user?.id;
 */
export function appState(ctx: Pick<Context, 'state'>): AppState {
  return ctx.state as AppState;
}

/**
 * The caller; throws when no auth middleware ran before (a wiring mistake, so it fails closed).
 * @example
 * ctx.body = { id: requireUser(ctx).id };
 */
export function requireUser(ctx: Pick<Context, 'state'>): AppUser {
  const user = appState(ctx).user;
  if (user === undefined) throw new AppError(500, 'no_user', 'The route was reached without authentication.');
  return user;
}
