/** The app's own auth: every route after it needs a user's API key as `Authorization: Bearer <key>`. */
import type { Middleware } from 'koa';
import { AppError } from './app-error.js';
import { appState } from './app-state.js';
import type { UserDirectory } from './users.js';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Sets `ctx.state.user`, or throws a 401 AppError for the app's error handler to render.
 * @example
 * app.use(authenticate(users));
 */
export function authenticate(users: UserDirectory): Middleware {
  return async (ctx, next) => {
    const key = BEARER.exec(ctx.get('authorization'))?.[1];
    if (key === undefined) throw new AppError(401, 'missing_api_key', 'Send your API key as Authorization: Bearer <key>.');
    const user = users.find(key);
    if (user === undefined) throw new AppError(401, 'invalid_api_key', 'The API key is not valid.');
    appState(ctx).user = user;
    await next();
  };
}
