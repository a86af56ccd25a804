/**
 * What a mode does to the texts of one request. Anonymisation numbers values per placeholder kind across
 * all the request's texts, so one value is one placeholder everywhere in the request.
 */
import { placeholder, PLACEHOLDER_PATTERN } from '@sluice/guard-kit';
import type { Detection } from './detectors/detector.js';
import { FINDING_KINDS, PLACEHOLDER_KIND_OF, type FindingKind, type PlaceholderKind } from './finding-kinds.js';

export type TextMode = 'detect' | 'redact' | 'anonymize';

export interface TransformResult {
  readonly texts: string[];
  /** Occurrences per kind, in FINDING_KINDS order. */
  readonly counts: ReadonlyMap<FindingKind, number>;
  /** Placeholder → value (anonymize only). */
  readonly mapping: Readonly<Record<string, string>>;
  readonly changed: boolean;
}

/**
 * @example
 * transformTexts(['a@x.org wrote', 'reply to a@x.org'], 'anonymize', detectPersonalData);
 * // texts ['[EMAIL_1] wrote', 'reply to [EMAIL_1]'], mapping { '[EMAIL_1]': 'a@x.org' }
 */
export function transformTexts(
  texts: readonly string[],
  mode: TextMode,
  detect: (text: string) => readonly Detection[],
): TransformResult {
  const counts = new Map<FindingKind, number>();
  const numbers = new Map<PlaceholderKind, number>(mode === 'anonymize' ? literalPlaceholders(texts) : []);
  const assigned = new Map<string, string>();
  const mapping: Record<string, string> = {};
  let changed = false;
  const out = texts.map((text) => {
    const detections = detect(text);
    if (detections.length === 0) return text;
    let rewritten = '';
    let from = 0;
    for (const detection of detections) {
      counts.set(detection.kind, (counts.get(detection.kind) ?? 0) + 1);
      const value = text.slice(detection.start, detection.end);
      const kind = PLACEHOLDER_KIND_OF[detection.kind];
      let replacement = value;
      if (mode === 'redact') replacement = `[REDACTED_${kind}]`;
      if (mode === 'anonymize') {
        const key = `${kind}\u0000${value}`;
        replacement = assigned.get(key) ?? '';
        if (replacement === '') {
          const n = (numbers.get(kind) ?? 0) + 1;
          numbers.set(kind, n);
          replacement = placeholder(kind, n);
          assigned.set(key, replacement);
          mapping[replacement] = value;
        }
      }
      rewritten += text.slice(from, detection.start) + replacement;
      from = detection.end;
    }
    rewritten += text.slice(from);
    if (rewritten !== text) changed = true;
    return rewritten;
  });
  const ordered = new Map(FINDING_KINDS.filter((kind) => counts.has(kind)).map((kind) => [kind, counts.get(kind)!]));
  return { texts: out, counts: ordered, mapping, changed };
}

/**
 * The highest number each placeholder kind already has in the texts. A user who writes `[EMAIL_1]`
 * themselves must not have it restored to someone's address, so new placeholders are numbered past it.
 */
function literalPlaceholders(texts: readonly string[]): Map<PlaceholderKind, number> {
  const highest = new Map<PlaceholderKind, number>();
  for (const text of texts) {
    for (const match of text.matchAll(PLACEHOLDER_PATTERN)) {
      const kind = match[1] as PlaceholderKind;
      highest.set(kind, Math.max(highest.get(kind) ?? 0, Number(match[2])));
    }
  }
  return highest;
}

/**
 * Puts values back for the placeholders a mapping knows; others stay as they are. `json` text gets
 * values escaped as inside a JSON string (placeholders in tool-call arguments sit in string literals).
 * @example
 * restoreText('write to [EMAIL_1]', { '[EMAIL_1]': 'a@x.org' }); // 'write to a@x.org'
 */
export function restoreText(text: string, mapping: Readonly<Record<string, string>>, format: 'text' | 'json' = 'text'): string {
  return text.replace(PLACEHOLDER_PATTERN, (found) => {
    const value = Object.hasOwn(mapping, found) ? mapping[found] : undefined;
    if (value === undefined) return found;
    return format === 'json' ? JSON.stringify(value).slice(1, -1) : value;
  });
}
