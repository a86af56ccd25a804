/** @sluice-examples/koa-mount: an existing Koa app that mounts the sluice pipeline under /llm. */
export { createApp, LLM_PREFIX, type App, type AppOptions } from './app.js';
export { AppError } from './app-error.js';
export { appState, requireUser, type AppState } from './app-state.js';
export { authenticate } from './auth.js';
export { handleErrors, type ErrorHandlingOptions, type Problem } from './error-handler.js';
export { logRequests } from './request-log.js';
export { apiRoutes, publicRoutes, type PublicRouteOptions } from './routes.js';
export { UserDirectory, type AppUser, type UserKey } from './users.js';
