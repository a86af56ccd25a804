/**
 * JSON text fragments meant to break parsers, validators and whatever walks a parsed body: nesting
 * thousands of levels deep, numbers no double holds, number-like strings, hard unicode, very long
 * strings, and values of the wrong type. Built as text, since JSON.stringify can write none of
 * `1e999`, a lone `\ud800` escape kept as written, or 100,000 levels of nesting.
 */
import fc from 'fast-check';

type Nesting = 'array' | 'object' | 'mixed';
const nestingKind = fc.constantFrom<Nesting>('array', 'object', 'mixed');

/** `[[[…]]]`, `{"a":{"a":…}}` or both interleaved, `depth` levels around a 1. */
export function nesting(depth: number, kind: Nesting): string {
  const open = kind === 'array' ? '[' : kind === 'object' ? '{"a":' : '[{"a":';
  const close = kind === 'array' ? ']' : kind === 'object' ? '}' : '}]';
  const levels = kind === 'mixed' ? Math.ceil(depth / 2) : depth;
  return `${open.repeat(levels)}1${close.repeat(levels)}`;
}

/** Nesting from one to 100,000 levels; sometimes cut short (then not JSON). */
export const deepNesting: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof(fc.constantFrom(64, 129, 257, 1_000, 2_500, 10_000, 100_000), fc.integer({ min: 1, max: 5_000 })),
    nestingKind,
    fc.boolean(),
  )
  .map(([depth, kind, cut]) => {
    const text = nesting(depth, kind);
    return cut ? text.slice(0, Math.floor(text.length * 0.75)) : text;
  });

/** Complete JSON nested at least 200 levels deep: deeper than any request needs. */
export const tooDeepNesting: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(200, 1_000, 2_500, 10_000, 100_000), nestingKind)
  .map(([depth, kind]) => nesting(depth, kind));

/** Number literals at and past the edges of a double, valid JSON all. */
export const extremeNumber: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '1e999',
    '-1e999',
    '1e-999',
    '-0',
    '0e0',
    '5e-324',
    '1.7976931348623157e308',
    '1.7976931348623159e308',
    '9007199254740993',
    '-9007199254740993',
    '123456789012345678901234567890',
    '0.1000000000000000055511151231257827',
    '1E+2',
    '3.4028235677973366e38',
    '1e39',
  ),
  fc.integer({ min: 300, max: 2_000 }).map((digits) => '9'.repeat(digits)),
  fc.double().filter(Number.isFinite).map(String),
  fc.integer().map(String),
);

/** Text that looks like a number to a person but is not JSON: a body holding it must be refused as bad JSON. */
export const notJsonNumber: fc.Arbitrary<string> = fc.constantFrom(
  'NaN',
  'Infinity',
  '-Infinity',
  '01',
  '1.',
  '.5',
  '+1',
  '0x10',
  '1e',
  '--1',
  '1_000',
);

/** Strings that name numbers or other types: a validator must not coerce them. */
export const numberLikeString: fc.Arbitrary<string> = fc
  .constantFrom('NaN', 'Infinity', '-Infinity', '1e999', '0x1F', ' 1', '1,5', '', 'null', 'true', '[]', '{}', '-0', '1e-7')
  .map((text) => JSON.stringify(text));

/** Pieces of hard unicode, in JSON string syntax: lone and reversed surrogates as escapes, controls, marks. */
const UNICODE_PIECES = [
  '\\ud800',
  '\\udfff',
  '\\udc00\\ud800',
  '\\u0000',
  '\\u001f',
  '\\"',
  '\\\\',
  '\u202e',
  '\u200f',
  '\u061c',
  '\u200b\u200c\u200d',
  '\ufeff',
  'e\u0301\u0301\u0301',
  '👍🏽',
  '👨‍👩‍👧‍👦',
  'İı',
  'ｆｕｌｌ',
  '𝔘𝔫𝔦',
  '中文',
  'العربية',
  '\u2028\u2029',
  '\ud800',
  '%00',
  '../',
  '<script>',
  '${x}',
];

/** A JSON string of unicode pieces and plain text. */
export const unicodeString: fc.Arbitrary<string> = fc
  .array(fc.oneof(fc.constantFrom(...UNICODE_PIECES), fc.string({ unit: 'grapheme', maxLength: 8 }).map(escapeForJson)), {
    minLength: 1,
    maxLength: 12,
  })
  .map((pieces) => `"${pieces.join('')}"`);

/** A JSON string from a few kilobytes to past a megabyte (over both services' default body limit). */
export const longString: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(4_096, 65_536, 700_000, 1_100_000), fc.constantFrom('a', 'é', '\\u00e9', '𝔘'))
  .map(([length, unit]) => `"${unit.repeat(Math.ceil(length / unit.length))}"`);

/** Wide rather than deep: arrays of up to 100,000 items (numbers, or empty objects: the densest to parse), objects of up to 30,000 keys. */
export const wideValue: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(1_200, 30_000, 100_000), fc.constantFrom('numbers', 'objects', 'keys'))
  .map(([width, kind]) =>
    kind === 'keys'
      ? `{${Array.from({ length: Math.min(width, 30_000) }, (_, i) => `"k${i}":${i}`).join(',')}}`
      : `[${new Array<string>(width).fill(kind === 'numbers' ? '0' : '{}').join(',')}]`,
  );

/** Any JSON value of moderate size, as fast-check generates them. */
export const ordinaryJson: fc.Arbitrary<string> = fc.json({ maxDepth: 3 });

/** Any of the above; long strings and deep nesting are rarer, as they cost the most per run. */
export const adversarialValue: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: ordinaryJson, weight: 4 },
  { arbitrary: extremeNumber, weight: 3 },
  { arbitrary: numberLikeString, weight: 2 },
  { arbitrary: unicodeString, weight: 3 },
  { arbitrary: deepNesting, weight: 1 },
  { arbitrary: wideValue, weight: 1 },
  { arbitrary: longString, weight: 1 },
);

export type JsonKind = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';

const SAMPLES: Readonly<Record<JsonKind | 'null', readonly string[]>> = {
  string: ['"x"', '"1"', '""', '"\\ud800"'],
  integer: ['0', '-1', '7', '1e999'],
  number: ['0.5', '-2.25', '5e-324'],
  boolean: ['true', 'false'],
  null: ['null'],
  array: ['[]', '[1]', '["a",null]', '[[]]'],
  object: ['{}', '{"a":1}', '{"__proto__":{"x":1}}'],
};

/**
 * JSON text of a value whose JSON type is not `kind`. An integer field's wrong types leave out other
 * numbers (out of range is a separate mutation), a number field's leave out integers.
 */
export function wrongTypeFor(kind: JsonKind): fc.Arbitrary<string> {
  const numeric = kind === 'integer' || kind === 'number';
  const others = (Object.keys(SAMPLES) as (JsonKind | 'null')[]).filter(
    (other) => other !== kind && !(numeric && (other === 'integer' || other === 'number')),
  );
  return fc.oneof(
    fc.constantFrom(...others.flatMap((other) => SAMPLES[other])),
    kind === 'string' ? extremeNumber : numberLikeString,
  );
}

/** `{"k": v, …}` from keys and value texts, in order; repeated keys stay repeated (the last one wins in JSON.parse). */
export function objectText(entries: readonly (readonly [string, string])[]): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`;
}

/**
 * A `__proto__` field holding a field that a sibling after it also has. JSON.parse keeps `__proto__` as
 * an own field; code that copies fields by assignment sets a prototype instead, and then a frozen one.
 */
export const prototypeFields: fc.Arbitrary<readonly (readonly [string, string])[]> = fc
  .tuple(fc.constantFrom('', 'temperature', 'user', 'tools', 'toString'), fc.constantFrom('1', '"x"', '[1]', 'null'))
  .map(([name, value]) => [
    ['__proto__', objectText([[name, '1']])],
    [name, value],
  ]);

/** Field names that no request defines, some of them meaningful to JavaScript objects. */
export const extraFieldName: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    '',
    ' ',
    'ext_id ',
    'Model',
    '\u202emodel',
  ),
  fc.string({ minLength: 1, maxLength: 12 }),
);

function escapeForJson(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}
