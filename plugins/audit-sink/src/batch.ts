/** The wire form of one delivery: `POST {url}/v1/events/batch` with its headers and body. */
import { EVIDENCE_SCHEMA_VERSION, type EvidenceEvent } from '@sluice/core';
import { urlWithoutUserinfo } from '@sluice/util';

/** Who sends: written into every batch and the `X-Sluice-Producer` header. */
export interface Producer {
  readonly product: 'sluice';
  readonly version: string;
  readonly instance_id: string;
}

export interface BatchRequest {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/**
 * Builds the request for one batch; events keep their order.
 * @example
 * const request = batchRequest('http://127.0.0.1:9400/', 'key', producer, events);
 * await fetch(request.url, { method: 'POST', headers: request.headers, body: request.body });
 */
export function batchRequest(
  baseUrl: string,
  apiKey: string,
  producer: Producer,
  events: readonly EvidenceEvent[],
): BatchRequest {
  return {
    // The key travels as Bearer; credentials written into audit_url are never sent.
    url: `${urlWithoutUserinfo(baseUrl).replace(/\/+$/, '')}/v1/events/batch`,
    headers: {
      authorization: `Bearer ${apiKey}`,
      'content-type': 'application/json',
      'x-sluice-producer': `${producer.product}/${producer.version} ${producer.instance_id}`,
      'x-sluice-schema-version': EVIDENCE_SCHEMA_VERSION,
    },
    body: JSON.stringify({ schema_version: EVIDENCE_SCHEMA_VERSION, producer, events }),
  };
}
