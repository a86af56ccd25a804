/**
 * Labelled texts for the detection-quality test: test/fixtures/privacy-texts.json, and the `pii` fields
 * of test/fixtures/guard-prompts.json when that file exists (read only; its shape is taken tolerantly).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isFindingKindName, type LabelledText } from './labelled-text.js';

type Label = LabelledText['pii'][number];

const fixture = (name: string) => fileURLToPath(new URL(`../../fixtures/${name}`, import.meta.url));

export function privacyTexts(): LabelledText[] {
  const doc = JSON.parse(readFileSync(fixture('privacy-texts.json'), 'utf8')) as { texts: LabelledText[] };
  return doc.texts;
}

/**
 * Texts of guard-prompts.json. Its `pii` field is an array of kind names (or of `{kind, value}`, or an
 * object of kind → count); an entry without one is a text without personal data.
 */
export function guardPromptTexts(): LabelledText[] {
  const path = fixture('guard-prompts.json');
  if (!existsSync(path)) return [];
  const doc = JSON.parse(readFileSync(path, 'utf8')) as unknown;
  const entries = Array.isArray(doc) ? doc : (Object.values(doc as object).find(Array.isArray) ?? []);
  const texts: LabelledText[] = [];
  for (const [i, raw] of (entries as Record<string, unknown>[]).entries()) {
    const text = [raw.text, raw.prompt, raw.content, raw.input].find((v) => typeof v === 'string') as string | undefined;
    if (text === undefined) continue;
    const pii = 'pii' in raw ? labelsOf(raw.pii) : [];
    if (pii === undefined) continue;
    texts.push({ id: `guard-prompts:${String(raw.id ?? i)}`, text, pii });
  }
  return texts;
}

function labelsOf(value: unknown): LabelledText['pii'] | undefined {
  if (value === null || value === false) return [];
  if (Array.isArray(value)) {
    const labels: Label[] = [];
    for (const item of value) {
      if (typeof item === 'string' && isFindingKindName(item)) labels.push({ kind: item });
      else if (typeof item === 'object' && item !== null && isFindingKindName((item as { kind?: unknown }).kind)) {
        const { kind, value: v } = item as { kind: string; value?: unknown };
        labels.push(typeof v === 'string' ? { kind, value: v } : { kind });
      } else return undefined;
    }
    return labels;
  }
  if (typeof value === 'object') {
    const labels: Label[] = [];
    for (const [kind, count] of Object.entries(value as object)) {
      if (!isFindingKindName(kind) || typeof count !== 'number') return undefined;
      for (let i = 0; i < count; i += 1) labels.push({ kind });
    }
    return labels;
  }
  return undefined;
}
