/**
 * What each guard's engine costs per call in this process, on the benchmark's question and canned
 * answer: the engines alone, without the gateway, HTTP or the plugins around them.
 */
import { PrivacyEngine } from '@sluice/plugin-privacy-guard';
import { SecurityGuardEngine } from '@sluice/plugin-security-guard';
import { UsageEngine } from '@sluice/plugin-usage-guard';

export interface EngineCost {
  readonly step: string;
  readonly microsPerCall: number;
}

const WARMUP = 2000;

/** Mean µs per call of `run` over `calls` calls, after a warm-up. */
async function timed(step: string, calls: number, run: () => unknown): Promise<EngineCost> {
  for (let i = 0; i < WARMUP; i += 1) await run();
  const started = process.hrtime.bigint();
  for (let i = 0; i < calls; i += 1) await run();
  return { step, microsPerCall: Number(process.hrtime.bigint() - started) / 1000 / calls };
}

/**
 * @example
 * const costs = await engineCosts('What is a sluice?', 'A sluice is …', 'Mail ana@example.org about a sluice.');
 */
export async function engineCosts(
  question: string,
  answer: string,
  questionWithEmail: string,
  calls = 20_000,
): Promise<EngineCost[]> {
  const security = new SecurityGuardEngine({ mode: 'enforce' });
  const privacy = new PrivacyEngine();
  const usage = new UsageEngine();
  const user = (content: string) => [{ role: 'user', content }];
  const scan = (content: string) =>
    privacy.scan({ request_id: 'bench', tenant_id: 'default', policy_id: 'default', mode: 'anonymize', messages: user(content) });
  const anonymised = await scan(questionWithEmail);
  const placeholderAnswer = `${answer} Reply to ${anonymised.messages[0]!.content}`;
  try {
    return [
      await timed('security: request scan', calls, () => security.scan({ stage: 'request', messages: user(question) })),
      await timed('security: response scan', calls, () =>
        security.scan({ stage: 'response', messages: [{ role: 'assistant', content: answer }] }),
      ),
      await timed('privacy: scan, nothing found', calls, () => scan(question)),
      await timed('privacy: scan, one email anonymised (mapping stored in memory)', calls, () => scan(questionWithEmail)),
      await timed('privacy: restore of one placeholder', calls, () =>
        privacy.restore({
          request_id: 'bench',
          tenant_id: 'default',
          mapping_id: anonymised.mapping_id!,
          messages: [{ role: 'assistant', content: placeholderAnswer }],
        }),
      ),
      await timed('usage: evaluate, built-in policy', calls, () =>
        usage.evaluate({ request_id: 'bench', tenant_id: 'default', mode: 'enforce', messages: user(question) }),
      ),
    ];
  } finally {
    await privacy.close();
    await usage.close();
  }
}
