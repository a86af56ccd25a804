/** Directive values read through several sources, for settings one owner declares and another inherits. */
import type { DirectiveValues } from '@sluice/config';

/**
 * Directive values read from several sources: a directive written in one wins over one defaulted in
 * another, then the first source with a value.
 * @example
 * const values = layered([block.values, config]); // a block's own words, then the file's gateway-wide settings
 */
export function layered(sources: readonly DirectiveValues[]): DirectiveValues {
  return {
    get: <T>(name: string) => {
      for (const source of sources) if (source.has(name)) return source.get<T>(name);
      for (const source of sources) {
        const value = source.get<T>(name);
        if (value !== undefined) return value;
      }
      return undefined;
    },
    has: (name: string) => sources.some((source) => source.has(name)),
  };
}
