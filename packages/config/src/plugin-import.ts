/**
 * Imports the package a `plugin` block names. Packages are looked up in `node_modules` from the
 * config file's folder upwards, then from the working directory, so a plugin installed beside the
 * config is found wherever sluice itself is installed; paths (`./my-guard.js`) are relative to the
 * config file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const PACKAGE_NAME = /^(@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/;
/** Export conditions we honour, in order: an ES module entry first. */
const CONDITIONS = ['import', 'node', 'default'];

/**
 * @example
 * const exports = await importPluginPackage('@acme/sluice-topic-guard', '/etc/sluice');
 */
export async function importPluginPackage(specifier: string, baseDir: string): Promise<Record<string, unknown>> {
  if (/^(\.{1,2}\/|\/)/.test(specifier)) return importFile(resolve(baseDir, specifier));
  if (!PACKAGE_NAME.test(specifier)) throw new Error('it is neither a package name nor a path starting with ./ or /');
  const entry = findPackageEntry(specifier, baseDir) ?? findPackageEntry(specifier, process.cwd());
  if (entry !== undefined) return importFile(entry);
  // Last resort: resolution from sluice's own location (a workspace or a global install).
  try {
    return (await import(specifier)) as Record<string, unknown>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND' && String(error).includes(`'${specifier}'`))
      throw new Error(`it is not installed (no node_modules/${specifier} above ${baseDir}; try npm install ${specifier})`, {
        cause: error,
      });
    throw error;
  }
}

async function importFile(file: string): Promise<Record<string, unknown>> {
  if (!existsSync(file)) throw new Error(`${file} does not exist`);
  return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
}

function findPackageEntry(name: string, from: string): string | undefined {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    const packageDir = join(dir, 'node_modules', name);
    const manifest = join(packageDir, 'package.json');
    if (existsSync(manifest)) return join(packageDir, entryOf(JSON.parse(readFileSync(manifest, 'utf8')) as Manifest, name));
    if (dirname(dir) === dir) return undefined;
  }
}

interface Manifest {
  exports?: unknown;
  module?: string;
  main?: string;
}

function entryOf(manifest: Manifest, name: string): string {
  if (manifest.exports !== undefined) {
    const root = rootExport(manifest.exports);
    const target = root === undefined ? undefined : conditional(root);
    if (target === undefined) throw new Error(`${name}'s package.json "exports" has no "." entry for import`);
    return target;
  }
  return manifest.module ?? manifest.main ?? 'index.js';
}

/** The "." entry of an exports field: a string, a conditions object, or a subpath map. */
function rootExport(exports: unknown): unknown {
  if (typeof exports === 'string' || Array.isArray(exports)) return exports;
  if (exports === null || typeof exports !== 'object') return undefined;
  const keys = Object.keys(exports);
  return keys.some((key) => key.startsWith('.')) ? (exports as Record<string, unknown>)['.'] : exports;
}

function conditional(target: unknown): string | undefined {
  if (typeof target === 'string') return target;
  if (Array.isArray(target)) return target.map(conditional).find((t) => t !== undefined);
  if (target === null || typeof target !== 'object') return undefined;
  for (const condition of CONDITIONS) {
    const found = conditional((target as Record<string, unknown>)[condition]);
    if (found !== undefined) return found;
  }
  return undefined;
}
