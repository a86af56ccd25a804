/** Reading the JSON files of a paired set: one parse, a clear error naming the file, the limits documented. */
import { readFile } from 'node:fs/promises';
import { constants } from 'node:buffer';
import { errnoCode, fileError, messageOf } from './file-error.js';

/**
 * The largest JSON file that can be read: one V8 string (about 512 MiB of ASCII). answers.json is parsed
 * with one `JSON.parse`, which is simple and fast up to this size; 100k answers of a few kB stay far below.
 * @example
 * if ((await stat(file)).size > MAX_JSON_FILE_BYTES) throw new Error(`${file} is too large to load`);
 */
export const MAX_JSON_FILE_BYTES = constants.MAX_STRING_LENGTH;

/** Parses `file` as a JSON object; `failed_precondition` naming `label` when missing, too large or malformed. */
export async function readJsonObject(file: string, label: string): Promise<Record<string, unknown>> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') throw fileError(label, 'missing', error);
    throw fileError(label, `cannot be read (${messageOf(error)})`, error);
  }
  if (bytes.byteLength > MAX_JSON_FILE_BYTES) {
    throw fileError(label, `${bytes.byteLength} bytes is larger than a JSON file can be read (${MAX_JSON_FILE_BYTES})`);
  }
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw fileError(label, `not valid JSON, torn or corrupt (${messageOf(error)})`, error);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw fileError(label, 'not a JSON object');
  return value as Record<string, unknown>;
}

/** Refuses any `version` but 1. */
export function checkVersion(json: Record<string, unknown>, label: string): void {
  if (json.version !== 1) throw fileError(label, `version ${JSON.stringify(json.version)} is not supported (expected 1)`);
}

/** A required non-empty string field. */
export function stringField(json: Record<string, unknown>, key: string, label: string): string {
  const value = json[key];
  if (typeof value !== 'string' || value === '') throw fileError(label, `${key} is missing or not a string`);
  return value;
}

/** An id as the stores use them: an integer 0..2^53−1. */
export function isRecordId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}
