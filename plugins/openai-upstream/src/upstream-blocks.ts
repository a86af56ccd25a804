/** The `upstream <name> { … }` blocks: several providers, each with its key, weight, preference and models. */
import Type from 'typebox';
import { directive, optionSet } from '@sluice/config';
import { baseUrlProblem } from '@sluice/util';

/** An upstream's name: it labels metrics and evidence, so it is short and plain. */
export const UPSTREAM_NAME_PATTERN = '^[A-Za-z0-9._-]{1,32}$';

/**
 * The statements of one `upstream <name> { … }` block.
 * @example
 * const settings = validateOptions('upstream', UpstreamSettingsSchema, { baseUrl: 'https://api.openai.com/v1', models: ['gpt-4o*'] });
 */
export const UpstreamSettingsSchema = Type.Object(
  {
    baseUrl: Type.Optional(
      Type.String({
        minLength: 1,
        ...directive('base_url', {
          word: 'url',
          summary: 'Provider root or `/v1` base of this upstream (required).',
          check: (url: string) => baseUrlProblem(url),
        }),
      }),
    ),
    apiKey: Type.String({
      default: 'dummy',
      ...directive('api_key', {
        word: 'key',
        secret: true,
        summary: 'Key sent to this upstream as a bearer token; `dummy`, `none`, `null` or `-` send none.',
      }),
    }),
    weight: Type.Integer({
      minimum: 1,
      maximum: 1000,
      default: 1,
      ...directive('weight', {
        summary: 'Share of the traffic among the upstreams of the same priority (weighted round robin).',
      }),
    }),
    priority: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 1000,
        ...directive('priority', {
          summary:
            "Order of preference, lower first; upstreams of one priority share traffic by weight. Default: the block's position (1, 2, …), so blocks are tried in file order.",
        }),
      }),
    ),
    models: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 256 }), {
        minItems: 1,
        ...directive('models', {
          word: 'model',
          summary:
            'Models this upstream serves; `gpt-4o*` serves every model starting `gpt-4o`, `*` every model (absent: every model).',
        }),
      }),
    ),
  },
  {
    additionalProperties: false,
    ...optionSet({
      check: (settings: { baseUrl?: string }) =>
        settings.baseUrl === undefined ? 'base_url is required in an upstream block' : undefined,
    }),
  },
);

/**
 * An upstream block's settings as resolved.
 * @example
 * const weight: UpstreamSettings['weight'] = 3;
 */
export type UpstreamSettings = Type.Static<typeof UpstreamSettingsSchema>;

/**
 * One `upstream <name> { … }` statement.
 * @example
 * const entry: UpstreamEntry = { name: 'primary', settings: { baseUrl: 'https://api.openai.com/v1', apiKey: 'sk-…', weight: 1 } };
 */
export const UpstreamEntrySchema = Type.Object(
  {
    name: Type.String({ pattern: UPSTREAM_NAME_PATTERN, word: 'name' }),
    settings: UpstreamSettingsSchema,
  },
  { additionalProperties: false },
);

/**
 * An upstream as configured.
 * @example
 * const names = options.upstreams.map((entry: UpstreamEntry) => entry.name);
 */
export type UpstreamEntry = Type.Static<typeof UpstreamEntrySchema>;

/**
 * What is wrong with a list of upstream blocks as a whole, as a sentence; undefined when nothing is.
 * @example
 * upstreamsProblem([{ name: 'a', settings }, { name: 'a', settings }]); // 'upstream "a" is defined twice'
 */
export function upstreamsProblem(entries: readonly UpstreamEntry[]): string | undefined {
  const names = new Set<string>();
  for (const { name, settings } of entries) {
    if (names.has(name)) return `upstream "${name}" is defined twice`;
    names.add(name);
    if (settings.baseUrl === undefined) return `upstream ${name}: base_url is required`;
    const problem = baseUrlProblem(settings.baseUrl);
    if (problem !== undefined) return `upstream ${name}: base_url ${problem}`;
    const misplaced = settings.models?.find((model) => model.indexOf('*') !== -1 && model.indexOf('*') !== model.length - 1);
    if (misplaced !== undefined) return `upstream ${name}: "${misplaced}": a model may end with * (a prefix), nowhere else`;
  }
  return undefined;
}
