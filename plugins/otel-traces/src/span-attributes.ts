/**
 * What a request's spans say, in OpenTelemetry's semantic conventions where they exist (`http.*`,
 * `gen_ai.*`, `error.type`) and under `sluice.*` otherwise. Only names, counts and codes: never the
 * prompt or the answer, a key, a header value or a URL.
 */
import type { Attributes } from '@opentelemetry/api';
import type { Exchange } from '@sluice/core';
import { codecOf } from '@sluice/wire';

/** A model name is client input: a bounded prefix is recorded. */
const MAX_MODEL_CHARS = 100;

/**
 * The request span's name, after the endpoint the request came in on, e.g. `POST /v1/chat/completions`.
 * @example
 * requestSpanName(exchange); // 'POST /v1/embeddings'
 */
export function requestSpanName(exchange: Exchange): string {
  return `POST ${routeOf(exchange)}`;
}

/** Known from the start: who asked for what, on which endpoint. */
export function requestAttributes(exchange: Exchange): Attributes {
  return {
    'http.request.method': 'POST',
    'http.route': routeOf(exchange),
    'gen_ai.operation.name': operationOf(exchange),
    'gen_ai.request.model': bounded(exchange.original.model),
    'sluice.tenant': exchange.tenant,
    'sluice.trace_id': exchange.traceId,
    ...(exchange.mode === 'observe' ? { 'sluice.mode': 'observe' } : {}),
    ...(exchange.original.stream === true ? { 'sluice.stream': true } : {}),
  };
}

/** Known once the outcome is settled: status, cache outcome, usage, the failure's code. */
export function outcomeAttributes(exchange: Exchange): Attributes {
  const error = exchange.error;
  const status = error === undefined ? (exchange.response?.status ?? 200) : (error.passthrough?.status ?? error.status);
  const cache = exchange.cache;
  return {
    'http.response.status_code': status,
    // A tap may set the tenant (a client key's) after the span began.
    'sluice.tenant': exchange.tenant,
    ...(exchange.application === undefined ? {} : { 'sluice.application': exchange.application }),
    'sluice.cache.status': cache.status,
    ...(cache.layer === undefined ? {} : { 'sluice.cache.layer': cache.layer }),
    ...(cache.wouldHit === true ? { 'sluice.cache.would_hit': true } : {}),
    ...usageAttributes(exchange),
    ...(exchange.verdict === undefined
      ? {}
      : { 'sluice.verdict.code': exchange.verdict.code, 'sluice.verdict.guard': exchange.verdict.guard }),
    ...(error === undefined ? {} : { 'error.type': error.code }),
  };
}

/** The upstream call: the model as the guards left it. */
export function upstreamAttributes(exchange: Exchange): Attributes {
  return {
    'gen_ai.operation.name': operationOf(exchange),
    'gen_ai.request.model': bounded(exchange.request.model),
  };
}

/** Tokens as the provider (or the cached answer) counted them. */
export function usageAttributes(exchange: Exchange): Attributes {
  const usage = exchange.usage;
  if (usage === undefined) return {};
  return { 'gen_ai.usage.input_tokens': usage.prompt_tokens, 'gen_ai.usage.output_tokens': usage.completion_tokens };
}

function routeOf(exchange: Exchange): string {
  try {
    return codecOf(exchange.endpoint).path;
  } catch {
    // An endpoint a host added without a codec is still named, by the kernel's name for it.
    return exchange.endpoint;
  }
}

/** The GenAI conventions' operation names: `chat` for both text APIs, `embeddings`. */
function operationOf(exchange: Exchange): string {
  return exchange.endpoint === 'embeddings' ? 'embeddings' : 'chat';
}

function bounded(model: unknown): string {
  const text = typeof model === 'string' ? model : '';
  if (text.length <= MAX_MODEL_CHARS) return text;
  const cut = text.slice(0, MAX_MODEL_CHARS);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}
