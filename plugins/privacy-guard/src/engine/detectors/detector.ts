/** What a detector is, and the regular-expression detector most of them are built from. */
import type { FindingKind } from '../finding-kinds.js';

/** A span of personal data in a text (`text.slice(start, end)` is the value). */
export interface Detection {
  readonly kind: FindingKind;
  readonly start: number;
  readonly end: number;
  /** Which detector found it, e.g. `email` or `pattern:employee_id`. */
  readonly detectorId: string;
}

export interface Detector {
  readonly id: string;
  readonly kind: FindingKind;
  /** Every span of this kind in the text; spans may overlap those of other detectors. */
  find(text: string): Detection[];
  /** The regular expressions it scans a text with, so they can be shown to run in linear time. */
  readonly patterns?: readonly RegExp[];
}

export interface RegexDetectorSpec {
  readonly id: string;
  readonly kind: FindingKind;
  /** Must carry the `g` flag; with `d` and a `group`, only that group is the value. */
  readonly pattern: RegExp;
  readonly group?: number;
  /** Validation of a candidate (checksum, ranges, context); `start` is the value's offset in `text`. */
  readonly accept?: (value: string, text: string, start: number) => boolean;
}

/**
 * A detector from a regular expression and an optional validation.
 * @example
 * const digits = regexDetector({ id: 'digits', kind: 'other', pattern: /\d+/g });
 */
export function regexDetector(spec: RegexDetectorSpec): Detector {
  if (!spec.pattern.global) throw new Error(`detector ${spec.id}: the pattern needs the g flag`);
  return {
    id: spec.id,
    kind: spec.kind,
    patterns: [spec.pattern],
    find(text) {
      const found: Detection[] = [];
      // A fresh copy per call: a shared global RegExp keeps lastIndex between calls.
      const pattern = new RegExp(spec.pattern.source, spec.pattern.flags);
      for (const match of text.matchAll(pattern)) {
        const range = spec.group === undefined ? undefined : match.indices?.[spec.group];
        const start = range?.[0] ?? match.index;
        const end = range?.[1] ?? match.index + match[0].length;
        if (end <= start) continue;
        if (spec.accept && !spec.accept(text.slice(start, end), text, start)) continue;
        found.push({ kind: spec.kind, start, end, detectorId: spec.id });
      }
      return found;
    },
  };
}

/** The up to `length` characters before `start`, for context checks such as "version 1.2.3.4". */
export function before(text: string, start: number, length: number): string {
  return text.slice(Math.max(0, start - length), start);
}
