/**
 * Gateway-wide settings: where the gateway listens, how it logs, drains and guards its connections, and
 * the settings every plugin of the pipeline may share (`guard_fail_open`, `request_timeout_seconds`).
 * The preset owns them; a plugin that reads one says so with `inherits` on its own option.
 */
import Type from 'typebox';
import { directive } from '@sluice/config';

const HOST_PORT = /^(\[[0-9a-fA-F:]+\]|[\w.-]+):(\d{1,5})$/;

/** A connection timeout of the service: seconds, 0 for no limit. */
const connectionSeconds = (name: string, value: number, summary: string) =>
  Type.Number({ minimum: 0, default: value, ...directive(name, { unit: 'duration', summary }) });

export const GatewaySettingsSchema = Type.Object(
  {
    listenAddr: Type.String({
      minLength: 1,
      default: '127.0.0.1:8080',
      ...directive('listen_addr', {
        word: 'address',
        summary: 'Address and port the gateway listens on (`host:port`; a SIGHUP reload cannot change it).',
        check: (value: string) => listenAddrProblem(value),
      }),
    }),
    shutdownTimeoutSeconds: connectionSeconds(
      'graceful_shutdown_timeout_seconds',
      10,
      'How long SIGTERM/SIGINT waits for in-flight requests before closing connections.',
    ),
    clientHeaderTimeoutSeconds: connectionSeconds(
      'client_header_timeout_seconds',
      20,
      'How long a client may take to send a request’s headers; then the connection is closed (408 when nothing was answered yet). Protects against connections held open by slow headers. 0: no limit.',
    ),
    clientRequestTimeoutSeconds: connectionSeconds(
      'client_request_timeout_seconds',
      60,
      'How long a client may take to send a whole request, headers and body; then the connection is closed. Only the receiving counts: the wait for the upstream does not. 0: no limit.',
    ),
    keepaliveTimeoutSeconds: connectionSeconds(
      'keepalive_timeout_seconds',
      65,
      'How long an idle kept-alive connection stays open between requests (above the 60 s idle timeout of common load balancers, so they close first). 0: no limit.',
    ),
    sendTimeoutSeconds: connectionSeconds(
      'send_timeout_seconds',
      60,
      'How long a response write may wait for a client that does not read it; then the connection is closed and its buffers freed. A quiet connection (a slow upstream) is not affected. 0: no limit.',
    ),
    logLevel: Type.Union(
      [
        Type.Literal('fatal'),
        Type.Literal('error'),
        Type.Literal('warn'),
        Type.Literal('info'),
        Type.Literal('debug'),
        Type.Literal('trace'),
        Type.Literal('silent'),
      ],
      {
        default: 'info',
        ...directive('log_level', { word: 'level', summary: 'Log level: fatal, error, warn, info, debug, trace or silent.' }),
      },
    ),
    dashboardEnabled: Type.Boolean({
      default: false,
      ...directive('dashboard_enabled', {
        summary:
          'Serve the live operations page at `/dashboard` and its figures at `/dashboard/figures` (counters only, no prompt text). Off: both answer 404 `not_found`.',
      }),
    }),
    adminKeyHash: Type.Optional(
      Type.String({
        pattern: '^sha256:[0-9a-f]{64}$',
        ...directive('admin_key', {
          word: 'sha256:<hex>',
          secret: true,
          summary:
            'Put `/metrics`, `/dashboard` and `/dashboard/figures` behind a key: its SHA-256 (`sluice keys hash`), never the key. Callers send `Authorization: Bearer <key>` (a Prometheus `authorization` block) or Basic with the key as password (a browser asks). Absent: open, as the probes always are.',
        }),
      }),
    ),
    mode: Type.Union([Type.Literal('enforce'), Type.Literal('observe')], {
      default: 'enforce',
      ...directive('gw_enforcement_mode', {
        word: 'mode',
        summary: '`enforce` serves cache hits; `observe` measures what caching would do and always calls the upstream.',
      }),
    }),
    streaming: Type.Boolean({
      default: false,
      ...directive('streaming_enabled', {
        summary: 'Accept `stream: true` requests, answered as `streaming_mode` says. Off: they get 422 `streaming_disabled`.',
      }),
    }),
    streamingMode: Type.Union([Type.Literal('incremental'), Type.Literal('controlled')], {
      default: 'incremental',
      ...directive('streaming_mode', {
        word: 'mode',
        summary:
          '`incremental`: a streamed answer reaches the client chunk by chunk as the provider sends it, unless a response-side control needs it whole for that request (the security response scan, a privacy restore), when it is sent once approved. `controlled`: always sent once whole and approved.',
      }),
    }),
    maxRequestBodyBytes: Type.Integer({
      minimum: 1,
      default: 1024 * 1024,
      ...directive('max_request_body_bytes', {
        unit: 'size',
        summary: 'Largest accepted request body; larger bodies get 413 `request_too_large`.',
      }),
    }),
    guardFailOpen: Type.Boolean({
      default: false,
      ...directive('guard_fail_open', {
        summary:
          'When a guard module is unavailable or times out: on lets the request continue (counted, evidenced), off fails it. Blocks always stop the request; a privacy restore failure always fails it.',
      }),
    }),
    requestTimeoutSeconds: Type.Number({
      exclusiveMinimum: 0,
      default: 120,
      ...directive('request_timeout_seconds', {
        unit: 'duration',
        summary: 'Default timeout of outbound calls (upstream, embeddings) when their own is not set.',
      }),
    }),
  },
  { additionalProperties: false },
);

/** The gateway-wide settings, defaults applied. */
export type GatewaySettings = Type.Static<typeof GatewaySettingsSchema>;
/** What a composition in code gives: every setting has a default. */
export type GatewaySettingsInput = Partial<GatewaySettings>;

function listenAddrProblem(value: string): string | undefined {
  const match = HOST_PORT.exec(value);
  if (match === null) return 'listen_addr must be host:port, e.g. 127.0.0.1:8080';
  return Number(match[2]) <= 65535 ? undefined : 'listen_addr port must be 0..65535';
}

/** Splits `host:port` (IPv6 in brackets) for `server.listen`. */
export function parseListenAddr(value: string): { host: string; port: number } {
  const match = HOST_PORT.exec(value);
  if (match === null) throw new Error(`listen_addr must be host:port, not ${JSON.stringify(value)}`);
  return { host: (match[1] ?? '').replace(/^\[|\]$/g, ''), port: Number(match[2]) };
}
