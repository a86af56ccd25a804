/**
 * An HTTP relay between the gateways and the audit module that notes which events the module
 * acknowledged: those of a batch it answered 200, less the ones it listed in `rejected`. That is the
 * moment the gateway forgets an event, so it is what "no acknowledged event is lost" is measured against.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface AckWitness {
  readonly url: string;
  /** Event ids the module acknowledged, by the producer instance that sent them. */
  readonly acked: Map<string, Set<string>>;
  ackedCount(): number;
  close(): Promise<void>;
}

interface BatchBody {
  readonly producer?: { readonly instance_id?: string };
  readonly events?: readonly { readonly event_id?: string }[];
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * @example
 * const witness = await startAckWitness(audit.url);   // audit_url ${witness.url};
 * witness.acked.get('fleet-a');                        // Set of event ids
 */
export async function startAckWitness(auditUrl: string): Promise<AckWitness> {
  const acked = new Map<string, Set<string>>();
  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = await bodyOf(request);
      const headers: Record<string, string> = {};
      for (const name of ['authorization', 'content-type', 'x-sluice-producer', 'x-sluice-schema-version']) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const answer = await fetch(new URL(request.url ?? '/', auditUrl), {
        method: request.method ?? 'GET',
        headers,
        ...(body.length > 0 ? { body } : {}),
      });
      const text = await answer.text();
      if (answer.status === 200 && request.method === 'POST' && request.url === '/v1/events/batch') {
        const batch = JSON.parse(body.toString('utf8')) as BatchBody;
        const reply = JSON.parse(text) as { rejected?: readonly { index: number }[] };
        const rejected = new Set((reply.rejected ?? []).map((r) => r.index));
        const producer = batch.producer?.instance_id ?? 'unknown';
        const ids = acked.get(producer) ?? new Set<string>();
        acked.set(producer, ids);
        (batch.events ?? []).forEach((event, index) => {
          if (!rejected.has(index) && event.event_id !== undefined) ids.add(event.event_id);
        });
      }
      response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      response.end(text);
    })().catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    acked,
    ackedCount: () => [...acked.values()].reduce((sum, ids) => sum + ids.size, 0),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
