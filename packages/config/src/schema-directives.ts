/** Derives the directives of a config file from an options schema whose properties carry option keywords. */
import Type, { type TSchema } from 'typebox';
import type { ArgSpec, DirectiveSet, DirectiveSpec } from './directive.js';
import { optionKeywords, optionSetKeywords, type OptionKeywords } from './option-keywords.js';

/**
 * One option set by a directive: where it sits in the options object, and its schema.
 * @example
 * const option: DirectiveOption = { path: ['store', 'dataDir'], directive: 'semantic_cache_data_dir', schema: Type.String() };
 */
export interface DirectiveOption {
  /** Property keys from the options object down to the option, e.g. `['store', 'dataDir']`. */
  readonly path: readonly string[];
  readonly directive: string;
  readonly schema: TSchema;
}

/**
 * One option with no directive of its own that takes a setting owned elsewhere.
 * @example
 * const option: InheritedOption = { path: ['failOpen'], inherits: 'guard_fail_open', schema: Type.Boolean() };
 */
export interface InheritedOption {
  readonly path: readonly string[];
  readonly inherits: string;
  readonly schema: TSchema;
}

/**
 * The options of a schema the config language can set, found once per schema.
 * @example
 * const { set, options, inherited } = schemaOptions(SecurityGuardOptionsSchema);
 */
export interface SchemaOptions {
  readonly set: DirectiveSet;
  readonly options: readonly DirectiveOption[];
  readonly inherited: readonly InheritedOption[];
}

const derived = new WeakMap<TSchema, SchemaOptions>();

/**
 * The directive set an options schema declares: the `enabledBy` switch first, then one directive per
 * option that names one, in the order of the properties (nested option objects included). Resolution,
 * `--test-config` errors, `--print-config` masking and the reference page all work from it.
 * @example
 * const config = resolveConfig(parseConfig(text, { file }), [directivesOf(FaqCacheOptionsSchema)]);
 */
export function directivesOf(schema: TSchema): DirectiveSet {
  return schemaOptions(schema).set;
}

/**
 * The directive set with where each directive's option sits; derived once per schema.
 * @example
 * schemaOptions(ExactCacheOptionsSchema).options.find((o) => o.directive === 'cache_ttl_seconds')?.path; // ['ttlSeconds']
 */
export function schemaOptions(schema: TSchema): SchemaOptions {
  let found = derived.get(schema);
  if (found === undefined) {
    found = derive(schema);
    derived.set(schema, found);
  }
  return found;
}

function derive(schema: TSchema): SchemaOptions {
  const set: Record<string, DirectiveSpec> = {};
  const options: DirectiveOption[] = [];
  const inherited: InheritedOption[] = [];
  const enabledBy = optionSetKeywords(schema).enabledBy;
  if (enabledBy !== undefined) {
    set[enabledBy.directive] = {
      summary: enabledBy.summary,
      args: [{ name: 'flag', schema: Type.Boolean() }],
      default: enabledBy.default,
    };
  }
  const visit = (object: TSchema, path: readonly string[]) => {
    for (const [key, property] of Object.entries(propertiesOf(object) ?? {})) {
      const keywords = optionKeywords(property);
      const at = [...path, key];
      if (keywords.directive !== undefined) {
        if (set[keywords.directive] !== undefined)
          throw new Error(`directive "${keywords.directive}" is declared twice (${at.join('.')})`);
        set[keywords.directive] = directiveSpec(keywords.directive, property, keywords);
        options.push({ path: at, directive: keywords.directive, schema: property });
      } else if (keywords.inherits !== undefined) {
        inherited.push({ path: at, inherits: keywords.inherits, schema: property });
      } else if (propertiesOf(property) !== undefined) {
        visit(property, at);
      }
    }
  };
  visit(schema, []);
  return Object.freeze({ set: Object.freeze(set), options: Object.freeze(options), inherited: Object.freeze(inherited) });
}

/** The properties of an object schema, or undefined for any other schema. */
export function propertiesOf(schema: TSchema): Readonly<Record<string, TSchema>> | undefined {
  const object = schema as { type?: unknown; properties?: Record<string, TSchema> };
  return object.type === 'object' && object.properties !== undefined ? object.properties : undefined;
}

function directiveSpec(name: string, property: TSchema, keywords: OptionKeywords): DirectiveSpec {
  if (keywords.summary === undefined || keywords.summary.trim() === '') throw new Error(`directive "${name}" needs a summary`);
  const common = {
    summary: keywords.summary,
    ...(keywords.secret === true ? { secret: true } : {}),
    ...(keywords.inherits === undefined ? {} : { inherits: keywords.inherits }),
    ...(keywords.check === undefined ? {} : { check: keywords.check as (value: unknown) => string | undefined }),
  };
  // An inheriting option has no default of its own in the file: its absence is what lets the inherited value through.
  const fallback = keywords.inherits === undefined ? defaultOf(property) : undefined;
  const withDefault = fallback === undefined ? {} : { default: fallback };
  const items =
    (property as { type?: unknown; items?: TSchema }).type === 'array' ? (property as { items: TSchema }).items : undefined;
  if (items !== undefined) {
    const fields = propertiesOf(items);
    // A list of records: one statement per record, its words the record's fields in order.
    if (fields !== undefined) return { ...common, ...record(name, fields, keywords.block), repeatable: true, ...withDefault };
    if (keywords.block !== undefined) throw new Error(`directive "${name}" has a block but is not a record`);
    const arg = wordArg(items, optionKeywords(items), keywords);
    if (keywords.repeatable === true) return { ...common, args: [arg], repeatable: true, ...withDefault };
    return { ...common, args: [{ ...arg, variadic: true }], ...withDefault };
  }
  const fields = propertiesOf(property);
  if (fields !== undefined) return { ...common, ...record(name, fields, keywords.block), ...withDefault };
  if (keywords.block !== undefined) throw new Error(`directive "${name}" has a block but is not a record`);
  return { ...common, args: [wordArg(property, keywords, keywords)], ...withDefault };
}

/** A record's words, and its block: the field named by `block`, read by that options schema's own directives. */
function record(
  name: string,
  fields: Readonly<Record<string, TSchema>>,
  block: string | undefined,
): Pick<DirectiveSpec, 'args' | 'fields' | 'block'> {
  if (block === undefined) return { args: recordArgs(fields), fields: Object.keys(fields) };
  const schema = fields[block];
  if (schema === undefined || propertiesOf(schema) === undefined)
    throw new Error(`directive "${name}": its block field "${block}" must be an options object of the record`);
  // Derived now, so a mistake in the block's own directives shows where the outer schema is declared.
  schemaOptions(schema);
  const words = Object.fromEntries(Object.entries(fields).filter(([key]) => key !== block));
  return { args: recordArgs(words), fields: Object.keys(words), block: { field: block, schema } };
}

function recordArgs(fields: Readonly<Record<string, TSchema>>): ArgSpec[] {
  return Object.entries(fields).map(([key, field]) => {
    const keywords = optionKeywords(field);
    return wordArg(field, keywords, { word: keywords.word ?? key, ...(keywords.unit ? { unit: keywords.unit } : {}) });
  });
}

/** One word: its schema, its unit, and its name (given, or from its kind). */
function wordArg(schema: TSchema, own: OptionKeywords, named: OptionKeywords): ArgSpec {
  const unit = own.unit ?? named.unit;
  return { name: named.word ?? own.word ?? wordName(schema, unit), schema, ...(unit === undefined ? {} : { unit }) };
}

function wordName(schema: TSchema, unit: string | undefined): string {
  if (unit === 'duration') return 'seconds';
  if (unit === 'size') return 'size';
  const type = (schema as { type?: unknown }).type;
  if (type === 'boolean') return 'flag';
  if (type === 'integer') return 'count';
  if (type === 'number') return 'number';
  return 'value';
}

/** A default worth showing and resolving: not an empty list (an absent repeatable directive reads as none). */
function defaultOf(property: TSchema): unknown {
  const value = (property as { default?: unknown }).default;
  return Array.isArray(value) && value.length === 0 ? undefined : value;
}
