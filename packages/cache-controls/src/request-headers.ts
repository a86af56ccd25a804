/**
 * The request headers a client steers the cache layers with, each read into what it asks for or refused
 * with `invalid_cache_control`. The message names the header, never its value.
 */
import { GatewayError } from '@sluice/core';
import { NAMESPACE_PATTERN } from './cache-scope.js';
import { CACHE_CONTROL_ERRORS } from './errors.js';

/**
 * The request headers a client steers the caches with, lower-case as the exchange keeps them.
 * @example
 * const namespace = exchange.headers[CACHE_CONTROL_HEADERS.namespace];
 */
export const CACHE_CONTROL_HEADERS = Object.freeze({
  cacheControl: 'cache-control',
  ttl: 'x-sluice-cache-ttl',
  namespace: 'x-sluice-cache-namespace',
  bypass: 'x-sluice-cache-bypass',
} as const);

/**
 * Longest value any of them may have, in UTF-8 bytes: more is not a control, and would be stored or
 * logged unbounded.
 * @example
 * const tooLong = Buffer.byteLength(value, 'utf8') > MAX_HEADER_BYTES;
 */
export const MAX_HEADER_BYTES = 256;

/**
 * Delta-seconds past this are this (RFC 9111 §1.2.2): a client asking for more only means "any age".
 */
const MAX_SECONDS = 2 ** 31;
const WHOLE_NUMBER = /^[0-9]+$/;
const BYPASS_WORDS = new Set(['1', 'true', 'yes', 'on']);

/** What a request's `Cache-Control` asks of a cache (RFC 9111 §5.2.1). */
export interface RequestDirectives {
  /** `no-cache`: do not answer from a cache; the fresh answer may be stored. */
  readonly noCache: boolean;
  /** `no-store`: do not store the answer; a cached one may still answer. */
  readonly noStore: boolean;
  /** `max-age=N`: only an entry younger than N seconds may answer (the least, if given twice). */
  readonly maxAgeSeconds?: number;
}

/** A header's value, or undefined when absent or blank; refused when longer than MAX_HEADER_BYTES. */
export function boundedHeader(headers: Readonly<Record<string, string | undefined>>, name: string): string | undefined {
  const value = headers[name];
  if (value === undefined) return undefined;
  // A UTF-16 unit is at most 3 UTF-8 bytes: only a value that might be too long pays for the count.
  if (value.length * 3 > MAX_HEADER_BYTES && Buffer.byteLength(value, 'utf8') > MAX_HEADER_BYTES) {
    throw invalid(`${name} is longer than ${MAX_HEADER_BYTES} bytes.`);
  }
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/**
 * Comma-separated directives, names case-insensitive, unknown ones ignored; a `max-age` argument may be
 * quoted (RFC 9111 §5.2) and must be a whole number of seconds.
 */
export function requestDirectives(value: string): RequestDirectives {
  let noCache = false;
  let noStore = false;
  let maxAgeSeconds: number | undefined;
  for (const part of value.split(',')) {
    const equals = part.indexOf('=');
    const name = (equals === -1 ? part : part.slice(0, equals)).trim().toLowerCase();
    if (name === 'no-cache') noCache = true;
    else if (name === 'no-store') noStore = true;
    else if (name === 'max-age') {
      const argument = equals === -1 ? '' : unquote(part.slice(equals + 1).trim());
      const seconds = wholeSeconds(argument);
      if (seconds === undefined) throw invalid('Cache-Control max-age must be a whole number of seconds.');
      maxAgeSeconds = Math.min(maxAgeSeconds ?? seconds, seconds);
    }
  }
  return { noCache, noStore, ...(maxAgeSeconds === undefined ? {} : { maxAgeSeconds }) };
}

/** `x-sluice-cache-ttl`: a positive whole number of seconds. */
export function ttlSeconds(value: string): number {
  const seconds = wholeSeconds(value);
  if (seconds === undefined || seconds === 0) throw invalid('x-sluice-cache-ttl must be a positive whole number of seconds.');
  return seconds;
}

/** `x-sluice-cache-namespace`: 1 to 64 of A-Z a-z 0-9 . _ : - */
export function namespace(value: string): string {
  if (!NAMESPACE_PATTERN.test(value)) {
    throw invalid('x-sluice-cache-namespace must be 1 to 64 letters, digits, dots, underscores, colons or hyphens.');
  }
  return value;
}

/** `x-sluice-cache-bypass`: one of 1, true, yes, on (any case); any other value is no bypass. */
export function bypass(value: string): boolean {
  return BYPASS_WORDS.has(value.toLowerCase());
}

function wholeSeconds(value: string): number | undefined {
  if (!WHOLE_NUMBER.test(value)) return undefined;
  // At most MAX_HEADER_BYTES digits: finite, and past MAX_SECONDS the exact number no longer matters.
  return Math.min(Number(value), MAX_SECONDS);
}

function unquote(value: string): string {
  return value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
}

function invalid(message: string): GatewayError {
  return new GatewayError(CACHE_CONTROL_ERRORS.invalid_cache_control.code, { message });
}
