/**
 * Error codes and the error the gateway answers with. Each package registers the codes it answers
 * with (`defineErrors`) in one process-wide table, so the kernel's vocabulary stays its own and a
 * third-party plugin's codes are as first-class as ours; `docs/reference/errors.md` is generated
 * from the registrations.
 */

/**
 * What one error code means: the HTTP status and OpenAI error `type` it answers with, the message a
 * client reads when the thrower gives none, and one line for the errors reference page.
 * @example
 * const topicRefused: ErrorDefinition = {
 *   status: 403,
 *   type: 'policy_error',
 *   message: 'The request is outside the topics this assistant covers.',
 *   description: 'The topic guard found no allowed topic in the request.',
 * };
 */
export interface ErrorDefinition {
  readonly status: number;
  readonly type: string;
  readonly message: string;
  /** One line for the errors reference page: when a client gets this code. */
  readonly description: string;
}

/**
 * An error code as registered: its definition, the code itself and the package that owns it.
 * @example
 * const { owner, status } = registeredError('upstream_unavailable')!; // '@sluice/core', 502
 */
export interface RegisteredError extends ErrorDefinition {
  readonly code: string;
  /** The package that defined the code, e.g. `@acme/sluice-topic-guard`. */
  readonly owner: string;
}

/**
 * What `defineErrors` returns: each code of the table with its registration (frozen). A plugin
 * declares the table it answers with as its `errors`.
 * @example
 * const status = TOPIC_GUARD_ERRORS.topic_not_allowed.status; // 403
 */
export type ErrorTable<Code extends string = string> = { readonly [C in Code]: RegisteredError };

/** HTTP statuses an error may answer with (499: the client closed the request). */
const MIN_STATUS = 400;
const MAX_STATUS = 599;
const CODE_SHAPE = /^[a-z][a-z0-9_]*$/;

const registry = new Map<string, RegisteredError>();

/**
 * Registers the error codes a package answers with, under its name, and returns them. Call it once,
 * at the top level of the package's `errors.ts`, so the codes exist as soon as the package is
 * imported. A code another owner already defined is refused, naming both owners: two packages
 * answering one code with two meanings would make the code useless to a client.
 * @example
 * export const TOPIC_GUARD_ERRORS = defineErrors('@acme/sluice-topic-guard', {
 *   topic_not_allowed: {
 *     status: 403,
 *     type: 'policy_error',
 *     message: 'The request is outside the topics this assistant covers.',
 *     description: 'The topic guard found no allowed topic in the request.',
 *   },
 * });
 */
export function defineErrors<const Code extends string>(
  owner: string,
  definitions: { readonly [C in Code]: ErrorDefinition },
): ErrorTable<Code> {
  if (typeof owner !== 'string' || owner.trim() === '') throw new TypeError('defineErrors(): the owner must be a package name');
  const entries = Object.entries<ErrorDefinition>(definitions).map(([code, definition]) => registration(owner, code, definition));
  const table: Record<string, RegisteredError> = {};
  // Every code is checked before any is registered, so a refused table leaves the registry as it was.
  for (const entry of entries) table[entry.code] = entry;
  for (const entry of entries) registry.set(entry.code, entry);
  return Object.freeze(table) as ErrorTable<Code>;
}

/**
 * The registration of a code, or `undefined` when no package defined it.
 * @example
 * const documented = registeredError(body.error.code) !== undefined;
 */
export function registeredError(code: string): RegisteredError | undefined {
  return registry.get(code);
}

/**
 * Every code registered in this process so far, in the order they were defined.
 * @example
 * const ours = registeredErrors().filter((error) => error.owner === '@acme/sluice-topic-guard');
 */
export function registeredErrors(): readonly RegisteredError[] {
  return [...registry.values()];
}

function registration(owner: string, code: string, definition: ErrorDefinition): RegisteredError {
  const where = `defineErrors(${JSON.stringify(owner)}): error code ${JSON.stringify(code)}`;
  if (!CODE_SHAPE.test(code)) throw new TypeError(`${where} must be lower-case words joined by underscores`);
  const { status, type, message, description } = definition;
  if (!Number.isInteger(status) || status < MIN_STATUS || status > MAX_STATUS) {
    throw new TypeError(`${where} needs an HTTP error status (${MIN_STATUS}..${MAX_STATUS}), got ${String(status)}`);
  }
  for (const [field, value] of Object.entries({ type, message, description })) {
    if (typeof value !== 'string' || value.trim() === '') throw new TypeError(`${where} needs a non-empty ${field}`);
  }
  const entry: RegisteredError = Object.freeze({ code, owner, status, type, message, description });
  const known = registry.get(code);
  if (known === undefined) return entry;
  if (known.owner !== owner) throw new Error(`error code ${JSON.stringify(code)} is defined by both ${known.owner} and ${owner}`);
  // The same package evaluated twice (two copies installed) defines the same code again: one meaning, one entry.
  if (sameDefinition(known, entry)) return known;
  throw new Error(`${where} is defined twice with different meanings`);
}

function sameDefinition(a: RegisteredError, b: RegisteredError): boolean {
  return a.status === b.status && a.type === b.type && a.message === b.message && a.description === b.description;
}

/**
 * The kernel's own codes: a failure no plugin owns, the client leaving, draining, a run no upstream
 * answered, and the generic blocks and refusal any plugin may answer without codes of its own.
 * @example
 * throw new GatewayError('authentication_failed', { message: 'The bearer token has expired.' });
 */
export const KERNEL_ERRORS = defineErrors('@sluice/core', {
  authentication_failed: {
    status: 401,
    type: 'authentication_error',
    message: 'The request carries no valid credentials for this gateway.',
    description:
      'A plugin that authenticates clients (e.g. one composed in code that checks a JWT) refused the request: no credentials, or credentials it could not verify. The message names what was wrong, never the credential.',
  },
  plugin_request_blocked: {
    status: 403,
    type: 'policy_error',
    message: 'The request was blocked by a guard plugin.',
    description:
      "A guard plugin without codes of its own (a `plugin` block or one composed in code) blocked the request; the message is the plugin's reason.",
  },
  plugin_response_blocked: {
    status: 403,
    type: 'policy_error',
    message: 'The response was blocked by a guard plugin.',
    description: 'A guard plugin without codes of its own blocked the response.',
  },
  upstream_unavailable: {
    status: 502,
    type: 'upstream_error',
    message: 'No upstream is configured to answer this request.',
    description: 'No upstream plugin answered the request (a composition without one).',
  },
  client_closed_request: {
    status: 499,
    type: 'client_error',
    message: 'The client closed the connection.',
    description: 'The client went away before the answer was ready (logged and counted; nobody receives the body).',
  },
  shutting_down: {
    status: 503,
    type: 'server_error',
    message: 'The gateway is shutting down.',
    description: 'A request arrived on an open connection while the gateway drains.',
  },
  internal_error: {
    status: 500,
    type: 'server_error',
    message: 'Internal gateway error.',
    description: 'A bug: the message is never shown; the log has the details.',
  },
});

/**
 * An error identifier: a code some package registered with `defineErrors`. What a GatewayError and a
 * Verdict carry as `code`; open, so a plugin answers with codes of its own.
 * @example
 * const code: ErrorCode = exchange.error?.code ?? 'internal_error';
 */
export type ErrorCode = string;

/**
 * The OpenAI-style error body every gateway error answers with; `guard`, `stage` and `rule_id` only
 * when known.
 * @example
 * const body: ErrorEnvelope = {
 *   error: { message: 'No such route.', type: 'invalid_request_error', code: 'not_found', param: null },
 * };
 */
export interface ErrorEnvelope {
  error: {
    message: string;
    type: string;
    code: string;
    param: null;
    guard?: string;
    stage?: string;
    rule_id?: string;
  };
}

/**
 * What a GatewayError carries besides its code.
 * @example
 * const init = { method: 'POST', body: JSON.stringify(exchange.request), signal: exchange.signal };
 * const reply = await fetch(`${baseUrl}/chat/completions`, init);
 * if (reply.status === 400) {
 *   // The provider's own 400 goes to the client as is.
 *   throw new GatewayError('upstream_bad_request', { passthrough: { status: 400, body: await reply.json() } });
 * }
 */
export interface GatewayErrorDetails {
  /** Replaces the default message; must never contain prompt text or secrets. */
  readonly message?: string | undefined;
  readonly guard?: string | undefined;
  readonly stage?: string | undefined;
  readonly ruleId?: string | undefined;
  readonly cause?: unknown;
  /** A provider's own error reply handed to the client as is (status and JSON body). */
  readonly passthrough?: { readonly status: number; readonly body: unknown };
  /**
   * Response headers the client gets with the error, e.g. a provider's `retry-after` and `x-ratelimit-*`
   * on a 429; the thrower keeps them to a bounded allow-list.
   */
  readonly headers?: Readonly<Record<string, string>> | undefined;
}

/**
 * An error with a registered identifier and its status. `expose` tells a host's error handler that the message is safe to show (the `http-errors` convention).
 * @example
 * throw new GatewayError('authentication_failed', { message: 'The bearer token has expired.' });
 */
export class GatewayError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly type: string;
  readonly expose = true;
  readonly guard: string | undefined;
  readonly stage: string | undefined;
  readonly ruleId: string | undefined;
  readonly passthrough: GatewayErrorDetails['passthrough'];
  readonly headers: GatewayErrorDetails['headers'];

  /** Throws a TypeError for a code no package registered, so a misspelt code fails where it is thrown. */
  constructor(code: ErrorCode, details: GatewayErrorDetails = {}) {
    const definition = definitionOf(code);
    super(details.message ?? definition.message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'GatewayError';
    this.code = code;
    this.status = definition.status;
    this.type = definition.type;
    this.guard = details.guard;
    this.stage = details.stage;
    this.ruleId = details.ruleId;
    this.passthrough = details.passthrough;
    this.headers = details.headers;
  }

  /** The status and body to send to the client. */
  reply(): { status: number; body: unknown } {
    return this.passthrough ?? { status: this.status, body: errorEnvelope(this.code, this.message, this) };
  }
}

/**
 * Builds the error body for an identifier, with optional guard details.
 * @example
 * ctx.status = 403;
 * ctx.body = errorEnvelope('plugin_request_blocked', 'Tenant suspended.', { guard: PLUGIN_NAME, ruleId: 'suspended' });
 */
export function errorEnvelope(
  code: ErrorCode,
  message?: string,
  details: { guard?: string | undefined; stage?: string | undefined; ruleId?: string | undefined } = {},
): ErrorEnvelope {
  const definition = definitionOf(code);
  const error: ErrorEnvelope['error'] = { message: message ?? definition.message, type: definition.type, code, param: null };
  if (details.guard !== undefined) error.guard = details.guard;
  if (details.stage !== undefined) error.stage = details.stage;
  if (details.ruleId !== undefined) error.rule_id = details.ruleId;
  return { error };
}

/**
 * Any thrown value as a GatewayError; unknown errors become `internal_error` without their message
 * (log the original: it is the `cause`).
 * @example
 * app.use(async (ctx, next) => {
 *   try {
 *     await next();
 *   } catch (error) {
 *     writeError(ctx, toGatewayError(error));
 *   }
 * });
 */
export function toGatewayError(error: unknown): GatewayError {
  if (error instanceof GatewayError) return error;
  return new GatewayError(KERNEL_ERRORS.internal_error.code, { cause: error });
}

function definitionOf(code: ErrorCode): RegisteredError {
  const definition = registeredError(code);
  if (definition !== undefined) return definition;
  throw new TypeError(
    `error code ${JSON.stringify(code)} is not registered: define it with defineErrors(owner, { ${code}: { status, type, message, description } }) in the package that answers with it`,
  );
}
