/** Reads one config word as the value its ArgSpec asks for: boolean, number, duration, size or string. */
import Value from 'typebox/value';
import type { ArgSpec } from './directive.js';

const BOOLEANS: Record<string, boolean> = { on: true, true: true, off: false, false: false };
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const DURATION = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/i;
const DURATION_SECONDS: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600 };
const SIZE = /^(\d+(?:\.\d+)?)\s*(k|kb|kib|m|mb|mib|g|gb|gib|b)?$/i;
const SIZE_BYTES: Record<string, number> = { b: 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 };

/** The parsed value, or a sentence saying what is wrong with the word. */
export type WordResult = { ok: true; value: unknown } | { ok: false; problem: string };

export function readWord(word: string, arg: ArgSpec): WordResult {
  const parsed = parse(word, arg);
  if (!parsed.ok) return parsed;
  const error = [...Value.Errors(arg.schema, parsed.value)][0];
  if (error === undefined) return parsed;
  const choices = enumChoices(arg);
  if (choices !== undefined) return { ok: false, problem: `<${arg.name}> must be one of ${choices.join(', ')}, not "${word}"` };
  return { ok: false, problem: `<${arg.name}> ${error.message}` };
}

function parse(word: string, arg: ArgSpec): WordResult {
  if (arg.unit === 'duration') {
    const m = DURATION.exec(word);
    if (m === null)
      return { ok: false, problem: `<${arg.name}> must be a duration like 30, 30s, 500ms, 2m or 1h, not "${word}"` };
    return { ok: true, value: Number(m[1]) * DURATION_SECONDS[(m[2] ?? 's').toLowerCase()]! };
  }
  if (arg.unit === 'size') {
    const m = SIZE.exec(word);
    if (m === null) return { ok: false, problem: `<${arg.name}> must be a size like 1048576, 512k or 1MiB, not "${word}"` };
    return { ok: true, value: Math.round(Number(m[1]) * SIZE_BYTES[(m[2] ?? 'b').charAt(0).toLowerCase()]!) };
  }
  const type = (arg.schema as { type?: unknown }).type;
  if (type === 'boolean') {
    const value = BOOLEANS[word.toLowerCase()];
    return value === undefined
      ? { ok: false, problem: `<${arg.name}> must be on, off, true or false, not "${word}"` }
      : { ok: true, value };
  }
  if (type === 'number' || type === 'integer') {
    if (!NUMBER.test(word) || !Number.isFinite(Number(word)))
      return { ok: false, problem: `<${arg.name}> must be a number, not "${word}"` };
    return { ok: true, value: Number(word) };
  }
  return { ok: true, value: word };
}

/** The allowed words of an enum argument (a union of literals). */
function enumChoices(arg: ArgSpec): string[] | undefined {
  const options = (arg.schema as { anyOf?: { const?: unknown }[] }).anyOf?.map((s) => s.const).filter((c) => c !== undefined);
  return options && options.length > 0 ? options.map(String) : undefined;
}
