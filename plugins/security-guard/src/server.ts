/**
 * The security guard module: the engine served over the contract (`POST /v1/scan`, key in `x-api-key`),
 * for `sluice guard security` and for any gateway that speaks the contract.
 */
import { ModuleRequestError, startModuleServer, type ModuleServer, type ModuleServerOptions } from '@sluice/guard-kit';
import Type from 'typebox';
import Value from 'typebox/value';
import type { SecurityGuardMode, SecurityScanRequest } from './contract.js';
import { SecurityGuardEngine } from './engine/engine.js';
import { loadSecurityPolicy } from './engine/policy.js';

/**
 * Environment variable holding the module's default mode.
 * @example
 * process.env[SECURITY_GUARD_MODE_ENV] = 'detect_only';
 */
export const SECURITY_GUARD_MODE_ENV = 'SVC_SECURITY_GUARD_DEFAULT_MODE';

const Mode = Type.Union([Type.Literal('detect_only'), Type.Literal('enforce')]);
const ScanBody = Type.Object({
  stage: Type.Union([Type.Literal('request'), Type.Literal('response')]),
  messages: Type.Array(Type.Object({ role: Type.String(), content: Type.Optional(Type.Unknown()) })),
  system_prompt: Type.Optional(Type.String()),
  mode: Type.Optional(Mode),
});

export interface SecurityGuardServerOptions {
  /** `host:port`; port 0 picks a free one. */
  readonly listen: string;
  /** Callers must send it in `x-api-key`; empty: no key is asked for. */
  readonly apiKey: string;
  /** JSON policy file changing the built-in rules. */
  readonly policyFile?: string;
  /** Default mode; absent: `SVC_SECURITY_GUARD_DEFAULT_MODE`, else `enforce`. A request's `mode` overrides it. */
  readonly mode?: SecurityGuardMode;
  /** Where `SVC_SECURITY_GUARD_DEFAULT_MODE` is read (default `process.env`). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly maxBodyBytes?: number;
  /** Header, whole-request, keep-alive and send timeouts in milliseconds; each left out keeps the module server's default. */
  readonly timeouts?: ModuleServerOptions['timeouts'];
  /** Called with failures the server answers 500 (never with request text). */
  readonly onError?: (error: unknown) => void;
}

/**
 * @example
 * const server = await startSecurityGuardServer({ listen: '127.0.0.1:8101', apiKey: 'k', policyFile: './security.json' });
 * // POST http://127.0.0.1:8101/v1/scan {"stage":"request","messages":[{"role":"user","content":"…"}]}
 * await server.close();
 */
export async function startSecurityGuardServer(options: SecurityGuardServerOptions): Promise<ModuleServer> {
  const mode = options.mode ?? modeFromEnv(options.env ?? process.env);
  const policy = options.policyFile === undefined ? undefined : await loadSecurityPolicy(options.policyFile);
  const engine = new SecurityGuardEngine({ mode, ...(policy === undefined ? {} : { policy }) });
  return startModuleServer({
    listen: options.listen,
    apiKey: options.apiKey,
    ...(options.maxBodyBytes === undefined ? {} : { maxBodyBytes: options.maxBodyBytes }),
    ...(options.onError === undefined ? {} : { onError: options.onError }),
    ...(options.timeouts === undefined ? {} : { timeouts: options.timeouts }),
    routes: { '/v1/scan': (body) => engine.scan(scanRequest(body)) },
  });
}

function modeFromEnv(env: Readonly<Record<string, string | undefined>>): SecurityGuardMode {
  const value = env[SECURITY_GUARD_MODE_ENV]?.trim();
  if (value === undefined || value === '') return 'enforce';
  if (value === 'detect_only' || value === 'enforce') return value;
  throw new Error(`${SECURITY_GUARD_MODE_ENV} must be detect_only or enforce, not ${JSON.stringify(value)}`);
}

/** Checks a scan body; messages whose content is not a string are left out (only strings are scanned). */
function scanRequest(body: Record<string, unknown>): SecurityScanRequest {
  if (!Value.Check(ScanBody, body)) {
    const first = [...Value.Errors(ScanBody, body)][0];
    const where = first?.instancePath ? first.instancePath.replace(/^\//, '').replaceAll('/', '.') : 'body';
    throw new ModuleRequestError(422, 'invalid_request', `Invalid scan request: ${where} ${first?.message ?? 'is malformed'}.`);
  }
  const messages = body.messages.flatMap((m) => (typeof m.content === 'string' ? [{ role: m.role, content: m.content }] : []));
  return {
    stage: body.stage,
    messages,
    ...(body.system_prompt === undefined ? {} : { system_prompt: body.system_prompt }),
    ...(body.mode === undefined ? {} : { mode: body.mode }),
  };
}
