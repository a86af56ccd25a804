/**
 * The app's error handling, one place for every thrown error: its own routes answer in the app's
 * problem format (RFC 9457), paths under the LLM mount answer with OpenAI's error envelope, so the
 * openai client reads their status and code. Errors sluice answers itself (a bad chat body, an
 * upstream failure, a guard's block) are written by its host as envelopes and never thrown: they pass
 * through here as finished responses, and the request log names their code.
 */
import { STATUS_CODES } from 'node:http';
import { GatewayError, toGatewayError, type ErrorEnvelope } from '@sluice/core';
import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';
import { AppError } from './app-error.js';

export interface ErrorHandlingOptions {
  readonly logger: Logger;
  /** Where the LLM pipeline is mounted, e.g. `/llm`. */
  readonly llmPrefix: string;
}

/** What Koa-style errors carry (AppError, GatewayError, http-errors): a status, and whether the message may be shown. */
interface StatusError {
  readonly status?: unknown;
  readonly expose?: unknown;
  readonly code?: unknown;
  readonly message?: unknown;
}

/** The app's own error body. */
export interface Problem {
  readonly type: 'about:blank';
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly code: string;
}

// #region handle-errors
/**
 * Renders every error thrown by the middleware after it, and a request nothing answered as a 404.
 * @example
 * app.use(handleErrors({ logger, llmPrefix: '/llm' }));
 */
export function handleErrors(options: ErrorHandlingOptions): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      // Nothing answered (Koa's default 404): rendered like any other error, so /llm gets an envelope.
      if (ctx.status === 404 && ctx.body === undefined && ctx.respond !== false) {
        throw new AppError(404, 'not_found', `No route for ${ctx.method} ${ctx.path}.`);
      }
    } catch (error) {
      const status = statusOf(error);
      if (status >= 500) options.logger.error({ err: error, path: ctx.path }, 'request failed');
      if (ctx.headerSent) return;
      if (status === 401) ctx.set('www-authenticate', 'Bearer');
      if (isUnder(ctx.path, options.llmPrefix)) renderEnvelope(ctx, error, status);
      else renderProblem(ctx, error, status);
    }
  };
}
// #endregion handle-errors

/** OpenAI's envelope: sluice's own errors as sluice writes them, the app's in the same shape. */
function renderEnvelope(ctx: Context, error: unknown, status: number): void {
  const sluice = sluiceError(ctx, error, status);
  if (sluice !== undefined) return writeReply(ctx, sluice.reply());
  const message = String((error as StatusError).message);
  const body: ErrorEnvelope = { error: { message, type: 'invalid_request_error', code: codeOf(error, status), param: null } };
  writeReply(ctx, { status, body });
}

/** The sluice error to answer with, if any: its own, its words for 404 and 405, or internal_error. */
function sluiceError(ctx: Context, error: unknown, status: number): GatewayError | undefined {
  if (error instanceof GatewayError) return error;
  if (status === 404) return new GatewayError('not_found', { message: `No route for ${ctx.method} ${ctx.path}.` });
  if (status === 405) return new GatewayError('method_not_allowed', { message: `${ctx.method} is not allowed on ${ctx.path}.` });
  // Without the message of whatever failed.
  if (status >= 500 || !exposed(error)) return toGatewayError(error);
  return undefined;
}

function writeReply(ctx: Context, reply: { status: number; body: unknown }): void {
  ctx.status = reply.status;
  ctx.type = 'application/json';
  ctx.body = reply.body;
}

function renderProblem(ctx: Context, error: unknown, status: number): void {
  const title = STATUS_CODES[status] ?? 'Error';
  const problem: Problem = {
    type: 'about:blank',
    title,
    status,
    detail: status < 500 && exposed(error) ? String((error as StatusError).message) : title,
    code: codeOf(error, status),
  };
  ctx.status = status;
  ctx.type = 'application/problem+json';
  ctx.body = problem;
}

function statusOf(error: unknown): number {
  const status = (error as StatusError | null)?.status;
  return typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599 ? status : 500;
}

function exposed(error: unknown): boolean {
  return (error as StatusError | null)?.expose === true;
}

function codeOf(error: unknown, status: number): string {
  const code = (error as StatusError | null)?.code;
  if (typeof code === 'string' && status < 500) return code;
  return (STATUS_CODES[status] ?? 'error').toLowerCase().replace(/\W+/g, '_');
}

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}
