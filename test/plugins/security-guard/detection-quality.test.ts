/**
 * Detection quality of the built-in request rules on the labelled prompt set (test/fixtures/guard-prompts.json):
 * prints the detection rate on attacks, the false-positive rate on benign prompts and every miss.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { SecurityGuardEngine } from '@sluice/plugin-security-guard';

interface LabelledPrompt {
  text: string;
  attack: boolean;
  pii?: string[];
  note?: string;
}

const SET = JSON.parse(readFileSync(new URL('../../fixtures/guard-prompts.json', import.meta.url), 'utf8')) as LabelledPrompt[];
const MAX_FALSE_POSITIVE_RATE = 0.02;
const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;

describe('security engine: detection quality on the labelled prompt set', () => {
  const engine = new SecurityGuardEngine({ mode: 'enforce' });
  const results = SET.map((prompt) => ({
    prompt,
    reply: engine.scan({ stage: 'request', messages: [{ role: 'user', content: prompt.text }] }),
  }));
  const attacks = results.filter((r) => r.prompt.attack);
  const benign = results.filter((r) => !r.prompt.attack);
  const missed = attacks.filter((r) => !r.reply.blocked);
  const falsePositives = benign.filter((r) => r.reply.blocked);

  it('is a set of at least 120 prompts with attacks and benign ones (some with personal data)', () => {
    assert.ok(SET.length >= 120, `${SET.length} prompts`);
    assert.ok(attacks.length >= 40 && benign.length >= 40);
    assert.ok(SET.some((p) => !p.attack && (p.pii?.length ?? 0) > 0));
    assert.equal(new Set(SET.map((p) => p.text)).size, SET.length, 'no duplicates');
  });

  it(`keeps false positives at or under ${percent(MAX_FALSE_POSITIVE_RATE, 1)} and reports detection`, () => {
    const detected = attacks.length - missed.length;
    console.log(`      detection: ${detected}/${attacks.length} attacks blocked (${percent(detected, attacks.length)})`);
    console.log(
      `      false positives: ${falsePositives.length}/${benign.length} benign prompts blocked (${percent(falsePositives.length, benign.length)})`,
    );
    for (const { prompt } of missed) console.log(`      missed attack: ${prompt.text.slice(0, 110)}`);
    for (const { prompt, reply } of falsePositives)
      console.log(`      false positive (${reply.rule_id}): ${prompt.text.slice(0, 100)}`);
    assert.ok(
      falsePositives.length / benign.length <= MAX_FALSE_POSITIVE_RATE,
      `${falsePositives.length} false positives out of ${benign.length}`,
    );
  });
});
