/** Runs `sluice audit` (the built CLI) as a real process over a data directory, for the crash suites. */
import { startChild, type Child } from '../../fixtures/child-process.js';
import { SLUICE_BIN } from '../cli/gateway-process.js';
import { API_KEY, getJson, type StoredEventReply } from './audit-under-test.js';

export interface AuditProcess {
  readonly child: Child;
  readonly url: string;
}

/**
 * Starts the module on a free port of 127.0.0.1 and resolves once it prints where it listens. `location` is
 * a data directory, or a PostgreSQL URL for `--store`.
 */
export async function startAuditProcess(location: string): Promise<AuditProcess> {
  const flag = /^postgres(?:ql)?:\/\//.test(location) ? '--store' : '--data';
  const child = startChild(process.execPath, [SLUICE_BIN, 'audit', '--listen', '127.0.0.1:0', flag, location], {
    env: { SVC_AUDIT_API_KEY: API_KEY },
  });
  const line = await child.waitForLine(/listening on (http:\/\/\S+)/, 20_000);
  return { child, url: /listening on (http:\/\/\S+)/.exec(line)![1]! };
}

/** Every stored event in sequence order, read through `/v1/events` a page at a time. */
export async function allEvents(url: string): Promise<StoredEventReply[]> {
  const events: StoredEventReply[] = [];
  for (let after = 0; ;) {
    const page = await getJson<{ events: StoredEventReply[]; next_after_sequence: number }>(
      `${url}/v1/events?limit=1000&after_sequence=${after}`,
    );
    if (page.status !== 200) throw new Error(`/v1/events answered ${page.status}`);
    if (page.body.events.length === 0) return events;
    events.push(...page.body.events);
    after = page.body.next_after_sequence;
  }
}
