/** Calls the provider over one keep-alive undici pool; every call bounded by a timeout and the client. */
import { Pool } from 'undici';
import { isPlaceholderKey } from '@sluice/core';
import { statusFailure, transportFailure } from './failure.js';

export interface UpstreamReply {
  readonly status: number;
  readonly body: unknown;
}

export interface UpstreamClientOptions {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly timeoutMs: number;
  readonly connections: number;
  readonly userAgent: string;
}

export class UpstreamClient {
  readonly #pool: Pool;
  readonly #basePath: string;
  readonly #headers: Record<string, string>;
  readonly #timeoutMs: number;

  constructor(options: UpstreamClientOptions) {
    const base = new URL(options.baseUrl);
    this.#pool = new Pool(base.origin, { connections: options.connections, keepAliveTimeout: 30_000, pipelining: 1 });
    this.#basePath = base.pathname.replace(/\/$/, '');
    this.#timeoutMs = options.timeoutMs;
    this.#headers = { accept: 'application/json', 'user-agent': options.userAgent };
    if (!isPlaceholderKey(options.apiKey)) this.#headers.authorization = `Bearer ${options.apiKey}`;
  }

  /**
   * Sends one request; resolves with a 2xx reply and its parsed JSON, throws a GatewayError otherwise.
   * The timeout covers the whole call, headers and body.
   */
  async call(method: 'GET' | 'POST', route: string, body: unknown, clientSignal: AbortSignal): Promise<UpstreamReply> {
    const timeout = AbortSignal.timeout(this.#timeoutMs);
    const signal = AbortSignal.any([timeout, clientSignal]);
    let status: number;
    let text: string;
    try {
      const response = await this.#pool.request({
        path: `${this.#basePath}${route}`,
        method,
        headers: body === undefined ? this.#headers : { ...this.#headers, 'content-type': 'application/json' },
        body: body === undefined ? null : JSON.stringify(body),
        signal,
        headersTimeout: this.#timeoutMs,
        bodyTimeout: this.#timeoutMs,
      });
      status = response.statusCode;
      text = await response.body.text();
    } catch (error) {
      throw transportFailure(error, timeout.aborted, clientSignal.aborted && !timeout.aborted);
    }
    const parsed = parseJson(text);
    if (status < 200 || status >= 300) throw statusFailure(status, parsed);
    return { status, body: parsed };
  }

  close(): Promise<void> {
    return this.#pool.close();
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
