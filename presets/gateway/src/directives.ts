/** Directives the gateway service itself reads: where it listens, how it logs and shuts down, its dashboard. */
import Type from 'typebox';
import { defineDirectives } from '@sluice/config';

const HOST_PORT = /^(\[[0-9a-fA-F:]+\]|[\w.-]+):(\d{1,5})$/;

export const gatewayDirectives = defineDirectives({
  listen_addr: {
    summary: 'Address and port the gateway listens on (`host:port`; a SIGHUP reload cannot change it).',
    args: [{ name: 'address', schema: Type.String({ minLength: 1 }) }],
    default: '127.0.0.1:8080',
    check: (value) => {
      const match = HOST_PORT.exec(String(value));
      if (match === null) return 'listen_addr must be host:port, e.g. 127.0.0.1:8080';
      const port = Number(match[2]);
      return port <= 65535 ? undefined : 'listen_addr port must be 0..65535';
    },
  },
  graceful_shutdown_timeout_seconds: {
    summary: 'How long SIGTERM/SIGINT waits for in-flight requests before closing connections.',
    args: [{ name: 'seconds', schema: Type.Number({ minimum: 0 }), unit: 'duration' }],
    default: 10,
  },
  client_header_timeout_seconds: {
    summary:
      'How long a client may take to send a request’s headers; then the connection is closed (408 when nothing was answered yet). Protects against connections held open by slow headers. 0: no limit.',
    args: [{ name: 'seconds', schema: Type.Number({ minimum: 0 }), unit: 'duration' }],
    default: 20,
  },
  client_request_timeout_seconds: {
    summary:
      'How long a client may take to send a whole request, headers and body; then the connection is closed. Only the receiving counts: the wait for the upstream does not. 0: no limit.',
    args: [{ name: 'seconds', schema: Type.Number({ minimum: 0 }), unit: 'duration' }],
    default: 60,
  },
  keepalive_timeout_seconds: {
    summary:
      'How long an idle kept-alive connection stays open between requests (above the 60 s idle timeout of common load balancers, so they close first). 0: no limit.',
    args: [{ name: 'seconds', schema: Type.Number({ minimum: 0 }), unit: 'duration' }],
    default: 65,
  },
  send_timeout_seconds: {
    summary:
      'How long a response write may wait for a client that does not read it; then the connection is closed and its buffers freed. A quiet connection (a slow upstream) is not affected. 0: no limit.',
    args: [{ name: 'seconds', schema: Type.Number({ minimum: 0 }), unit: 'duration' }],
    default: 60,
  },
  log_level: {
    summary: 'Log level: fatal, error, warn, info, debug, trace or silent.',
    args: [
      {
        name: 'level',
        schema: Type.Union(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l))),
      },
    ],
    default: 'info',
  },
  dashboard_enabled: {
    summary:
      'Serve the live operations page at `/dashboard` and its figures at `/dashboard/figures` (counters only, no prompt text). Off: both answer 404 `not_found`.',
    args: [{ name: 'flag', schema: Type.Boolean() }],
    default: false,
  },
});

/** Splits `host:port` (IPv6 in brackets) for `server.listen`. */
export function parseListenAddr(value: string): { host: string; port: number } {
  const match = HOST_PORT.exec(value);
  if (match === null) throw new Error(`listen_addr must be host:port, not ${JSON.stringify(value)}`);
  return { host: (match[1] ?? '').replace(/^\[|\]$/g, ''), port: Number(match[2]) };
}
