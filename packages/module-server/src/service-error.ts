/**
 * The error envelope of every sluice service besides the gateway (the vector answer cache, the audit
 * module, the guard modules): `{"error": {"code", "message", "details"?}}` with the HTTP status. The
 * gateway answers OpenAI's envelope instead, since OpenAI clients read it. Documented once, in
 * docs/reference/service-errors.md.
 */

/**
 * The body of every error a service answers. `C` narrows the codes to a service's own.
 * @example
 * const body: ServiceErrorEnvelope = { error: { code: 'not_found', message: 'No such route.' } };
 */
export interface ServiceErrorEnvelope<C extends string = string> {
  readonly error: {
    readonly code: C;
    readonly message: string;
    readonly details?: Readonly<Record<string, unknown>>;
  };
}

/**
 * The envelope of a code and a message; `details` only when given.
 * @example
 * serviceErrorBody('invalid_request', 'limit must be an integer from 1 to 1000.');
 * // { error: { code: 'invalid_request', message: 'limit must be an integer from 1 to 1000.' } }
 */
export function serviceErrorBody<C extends string>(
  code: C,
  message: string,
  details?: Readonly<Record<string, unknown>>,
): ServiceErrorEnvelope<C> {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

/**
 * An error a service answers with its status and envelope. `expose` is true, like Koa's `ctx.throw`
 * errors, so a host's error handler shows the message: it is written for the caller and never carries
 * a key, a stack or request text. Each service's own errors extend it with their codes.
 * @example
 * throw new ServiceHttpError(404, 'not_found', 'No events are stored for this trace.');
 */
export class ServiceHttpError<C extends string = string> extends Error {
  readonly expose = true;

  constructor(
    readonly status: number,
    readonly code: C,
    message: string,
    readonly details?: Readonly<Record<string, unknown>>,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ServiceHttpError';
  }

  /** The envelope to answer with. */
  body(): ServiceErrorEnvelope<C> {
    return serviceErrorBody(this.code, this.message, this.details);
  }
}
