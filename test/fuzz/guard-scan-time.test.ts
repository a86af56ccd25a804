/**
 * Fuzzing the guards' built-in rules with adversarial text: runs of the prefixes, separators and
 * digits the rules look for (`sk-`, `xoxb-`, `password=`, `eyJ`, `@`, dots, digit groups …), glued in
 * any order. Properties: a scan costs a bounded time per KB whatever the text, and the response
 * rules whose lookaheads became checks in code count exactly what the lookahead patterns counted.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { detectPersonalData } from '@sluice/plugin-privacy-guard';
import { SecurityGuardEngine } from '@sluice/plugin-security-guard';
import { builtinUsagePolicy, classify } from '@sluice/plugin-usage-guard';
import { fuzzBudget } from './fuzz-budget.js';

const budget = fuzzBudget();
const r = String.raw;

/** Pieces the rules' prefixes, bodies and separators are made of. */
const PIECES = [
  'sk-',
  'sk-ant-',
  'proj-',
  'xoxb-',
  'xoxp-',
  'password=',
  'pwd: ',
  'secret_key=',
  'bearer ',
  'Bearer ',
  'eyJ',
  'eyJhbGciOiJIUzI1NiJ9',
  '.',
  '-',
  '_',
  '@',
  'a',
  'Z',
  'x',
  'xxx',
  '1',
  '42',
  '4111',
  ' ',
  '  ',
  '\n',
  '+',
  '/',
  '=',
  '(',
  ')',
  '#',
  ':',
  'AKIA',
  'ghp_',
  'AIza',
  'DE89',
  '-----BEGIN ',
  'PRIVATE KEY-----',
  '<!--',
  'ignore ',
  'previous instructions',
  'decode ',
  'follow ',
  'mg ',
];

const piece = fc.constantFrom(...PIECES);
/** A unit of 1–12 pieces repeated to `size` characters: the shape every quadratic attack has. */
const repeatedUnit = (size: number) =>
  fc.array(piece, { minLength: 1, maxLength: 12 }).map((unit) => {
    const text = unit.join('');
    return text.repeat(Math.ceil(size / text.length)).slice(0, size);
  });

/** A rule's prefix glued to letters and dashes only: one long run of token characters without a digit. */
const PREFIXES = ['sk-', 'sk-proj-', 'sk-ant-', 'xoxb-', 'xoxp-', 'password=', 'pwd:.', 'eyJaaaaaaa-', 'bearer '];
const tokenRun = (size: number) =>
  fc
    .tuple(fc.constantFrom(...PREFIXES), fc.array(fc.constantFrom('a', 'Z', '-', '_', 'x'), { maxLength: 6 }))
    .map(([prefix, filler]) => {
      const unit = prefix + filler.join('');
      return unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
    });
const adversarial = (size: number) => fc.oneof(repeatedUnit(size), tokenRun(size));

/**
 * Generous: a linear scan costs well under 1 ms per KB on a quiet machine, but the adversarial texts
 * reached 5.1–5.5 ms per KB on a shared two-core machine running the whole suite at a third of its usual
 * speed; the quadratic lookahead rules cost 25 ms per KB at 32 KB and grow with the text, so a bound of
 * 12 still tells a super-linear rule from a slow machine.
 */
const MAX_MS_PER_KB = 12;
const SIZE = 32 * 1024;

/** The better of two runs, so a collection or a compilation in one does not count as the scan's cost. */
function msPerKb(run: () => unknown, size: number): number {
  let best = Infinity;
  for (let i = 0; i < 2; i += 1) {
    const started = performance.now();
    run();
    best = Math.min(best, performance.now() - started);
  }
  return best / (size / 1024);
}

/** The response rules as they were written with lookaheads: the reference for what they count. */
const MIXED = r`(?=[A-Za-z_-]*\d)(?=[0-9_-]*[A-Za-z])`;
const LOOKAHEAD_RULES: Readonly<Record<string, RegExp>> = {
  'leak.openai_api_key': new RegExp(r`\bsk-(?!ant-)(?:proj-|svcacct-|admin-)?${MIXED}[A-Za-z0-9_-]{20,}`, 'g'),
  'leak.anthropic_api_key': new RegExp(r`\bsk-ant-(?:[a-z]+\d*-)?${MIXED}[A-Za-z0-9_-]{20,}`, 'g'),
  'leak.slack_token': new RegExp(r`\bxox[bpars]-(?=[A-Za-z-]*\d)[A-Za-z0-9-]{10,}`, 'g'),
  'leak.bearer_token': new RegExp(r`\bbearer\s+${MIXED}[A-Za-z0-9._~+/-]{20,}=*`, 'gi'),
  'leak.password': new RegExp(
    r`\b(?:password|passwd|pwd|passphrase|client[_-]?secret|secret[_-]?key)["']?\s*[:=]\s*["']?(?![$%{<\[*•]|x{3,}|\.{3})(?=[^\s"'\`,;()]*[\d!@#^&+?~])[^\s"'\`,;()]{6,}`,
    'gi',
  ),
};

describe('fuzz: guard rules scan adversarial text in bounded time per KB', function () {
  this.timeout(Math.max(60_000, budget.seconds * 2000));
  const security = new SecurityGuardEngine();
  const categories = builtinUsagePolicy().categories;
  const settings = (runs: number) => ({ seed: budget.seed, numRuns: runs * budget.scale });

  it('security request and response rules', () => {
    fc.assert(
      fc.property(adversarial(SIZE), (text) => {
        for (const stage of ['request', 'response'] as const) {
          const role = stage === 'request' ? 'user' : 'assistant';
          const cost = msPerKb(() => security.scan({ stage, messages: [{ role, content: text }] }), text.length);
          assert.ok(cost <= MAX_MS_PER_KB, `${stage} scan: ${cost.toFixed(2)} ms/KB on ${JSON.stringify(text.slice(0, 60))}…`);
        }
      }),
      settings(15),
    );
  });

  it('privacy detectors and usage classification', () => {
    fc.assert(
      fc.property(adversarial(SIZE), (text) => {
        const privacy = msPerKb(() => detectPersonalData(text), text.length);
        assert.ok(privacy <= MAX_MS_PER_KB, `privacy: ${privacy.toFixed(2)} ms/KB on ${JSON.stringify(text.slice(0, 60))}…`);
        const classified = msPerKb(() => classify(text, categories), text.length);
        assert.ok(classified <= MAX_MS_PER_KB, `usage: ${classified.toFixed(2)} ms/KB on ${JSON.stringify(text.slice(0, 60))}…`);
      }),
      settings(15),
    );
  });

  it('response token rules count what their lookahead patterns counted', () => {
    // Short texts of single spaces and printable ASCII: the engine's normalisation leaves them as they are.
    const text = fc.array(piece, { maxLength: 40 }).map((pieces) => pieces.join('').replace(/\s+/g, ' '));
    fc.assert(
      fc.property(text, (answer) => {
        const reply = security.scan({ stage: 'response', messages: [{ role: 'assistant', content: answer }] });
        for (const [id, pattern] of Object.entries(LOOKAHEAD_RULES)) {
          const expected = [...answer.matchAll(pattern)].length;
          const counted = reply.findings.find((finding) => finding.rule_id === id)?.count ?? 0;
          assert.equal(counted, expected, `${id} on ${JSON.stringify(answer)}`);
        }
      }),
      settings(400),
    );
  });
});
