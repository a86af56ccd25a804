/** One labelled text of the detection-quality test. */
import { FINDING_KINDS } from '@sluice/plugin-privacy-guard';

export interface LabelledText {
  readonly id: string;
  readonly text: string;
  /** The personal data in the text; `value` when the exact span is known. Empty: a text without any. */
  readonly pii: readonly { readonly kind: string; readonly value?: string }[];
}

export function isFindingKindName(value: unknown): value is string {
  return typeof value === 'string' && (FINDING_KINDS as readonly string[]).includes(value);
}
