// Loads the BUILT library, so the benchmarks measure what users install, not the TypeScript sources.
import { existsSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoDir } from './environment.js';

/** dist/index.js, or the path given with `--library` (to compare two builds side by side). */
export function libraryPath(requested) {
  if (!requested) return join(repoDir, 'dist/index.js');
  return isAbsolute(requested) ? requested : resolve(process.cwd(), requested);
}

/**
 * Imports the library's main module. Exits with a clear message when it has not been built.
 * @returns {Promise<Record<string, any>>}
 */
export async function loadLibrary(path) {
  if (!existsSync(path)) {
    console.error(`${path} does not exist: run \`npm run build\` first (the benchmarks measure the built library).`);
    process.exit(1);
  }
  const library = await import(pathToFileURL(path).href);
  if (typeof library.parseBinary !== 'function') {
    console.error(`${path} exports no parseBinary function: is the build complete?`);
    process.exit(1);
  }
  return library;
}
