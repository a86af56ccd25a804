import assert from 'node:assert/strict';
import { detectPersonalData, FINDING_KINDS } from '@sluice/plugin-privacy-guard';
import type { LabelledText } from './labelled-text.js';
import { guardPromptTexts, privacyTexts } from './labelled-texts.js';

interface Tally {
  labelled: number;
  detected: number;
}

/**
 * Per kind, how many labelled values were found (same kind; the same span when the value is known),
 * the texts without personal data where anything was found, and findings no label accounts for.
 */
function measure(texts: readonly LabelledText[]) {
  const perKind = new Map<string, Tally>(FINDING_KINDS.map((kind) => [kind, { labelled: 0, detected: 0 }]));
  const falsePositiveTexts: string[] = [];
  let negatives = 0;
  let unexplained = 0;
  for (const { id, text, pii } of texts) {
    const findings = detectPersonalData(text).map((f) => ({
      kind: f.kind as string,
      value: text.slice(f.start, f.end),
      used: false,
    }));
    if (pii.length === 0) {
      negatives += 1;
      if (findings.length > 0) falsePositiveTexts.push(`${id}: ${findings.map((f) => f.kind).join(', ')}`);
      continue;
    }
    for (const label of pii) {
      const tally = perKind.get(label.kind)!;
      tally.labelled += 1;
      const match = findings.find(
        (f) => !f.used && f.kind === label.kind && (label.value === undefined || f.value === label.value),
      );
      if (match === undefined) continue;
      match.used = true;
      tally.detected += 1;
    }
    unexplained += findings.filter((f) => !f.used).length;
  }
  return { perKind, falsePositiveTexts, negatives, unexplained };
}

function report(title: string, result: ReturnType<typeof measure>): void {
  console.log(`\n  ${title}`);
  for (const [kind, { labelled, detected }] of result.perKind) {
    if (labelled === 0) continue;
    const note = kind === 'other' ? ' (no built-in detector: policy patterns only)' : '';
    console.log(`    ${kind.padEnd(17)} ${detected}/${labelled} detected (${((100 * detected) / labelled).toFixed(1)}%)${note}`);
  }
  const rate = result.negatives === 0 ? 0 : result.falsePositiveTexts.length / result.negatives;
  console.log(
    `    false positives   ${result.falsePositiveTexts.length}/${result.negatives} texts without personal data (${(100 * rate).toFixed(1)}%)`,
  );
  console.log(`    unlabelled findings in texts with personal data: ${result.unexplained}`);
  for (const line of result.falsePositiveTexts) console.log(`      ${line}`);
}

describe('privacy engine: detection quality on labelled texts', () => {
  const own = privacyTexts();
  const borrowed = guardPromptTexts();

  it('has at least 60 labelled texts, with and without personal data, covering every built-in kind', () => {
    assert.ok(own.length >= 60);
    assert.ok(own.filter((t) => t.pii.length === 0).length >= 30);
    const kinds = new Set(own.flatMap((t) => t.pii.map((p) => p.kind)));
    for (const kind of FINDING_KINDS.filter((k) => k !== 'other')) assert.ok(kinds.has(kind), `no labelled ${kind}`);
  });

  it('finds every built-in kind in at least 80% of cases and flags at most 2% of texts without personal data', () => {
    const result = measure([...own, ...borrowed]);
    report(`${own.length} texts of privacy-texts.json, ${borrowed.length} of guard-prompts.json`, result);
    for (const [kind, { labelled, detected }] of result.perKind) {
      if (labelled > 0 && kind !== 'other') assert.ok(detected / labelled >= 0.8, `${kind}: ${detected}/${labelled} detected`);
    }
    assert.ok(result.negatives > 0);
    assert.ok(
      result.falsePositiveTexts.length / result.negatives <= 0.02,
      `false positives: ${result.falsePositiveTexts.join('; ')}`,
    );
  });
});
