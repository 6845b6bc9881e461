// One fresh process of the cold section: the first and the second parse of one document by one
// contender, as a command-line program meets them. Nothing is parsed before the timed calls, so
// parseBinary starts in the engine's interpreter, as it does for a program that parses one file.
// settings: { library, contender: 'native' | 'parseBinary', path, check }
//   check: after the timed calls, compare parseBinary's value with native's (the honest oracle)
import { readFileSync } from 'node:fs';
import { importLibrary, readSettings, report } from './child-kit.js';

const settings = readSettings();

/** Nanoseconds of wall-clock time of one call; what a user waits for, compiler threads included. */
function timeCall(parse, bytes) {
  const start = performance.now();
  const value = parse(bytes);
  return { nanoseconds: (performance.now() - start) * 1e6, value };
}

// A decoder made for the call, as a program that parses one document writes it.
const parseNatively = (bytes) => JSON.parse(new TextDecoder().decode(bytes));

let parse = parseNatively;
let importNanoseconds = null;
if (settings.contender === 'parseBinary') {
  const start = performance.now();
  const { parseBinary } = await importLibrary(settings);
  importNanoseconds = (performance.now() - start) * 1e6;
  parse = (bytes) => {
    const result = parseBinary(bytes);
    if (!result.ok) throw new Error(`parseBinary failed at byte ${result.position}: ${result.message}`);
    return result.value;
  };
}

// A copy into a plain Uint8Array, as the other sections hold their documents (not a Node Buffer).
const bytes = new Uint8Array(readFileSync(settings.path));

try {
  const first = timeCall(parse, bytes);
  // Dropped before the second call: kept, it would make that call's collections trace a second document.
  first.value = undefined;
  const second = timeCall(parse, bytes);
  let difference = null;
  if (settings.check && settings.contender === 'parseBinary') {
    const { honestDifference } = await import('../../test/runtimes/oracle.mjs');
    difference = honestDifference(second.value, parseNatively(bytes), bytes).difference ?? null;
  }
  report({
    first: Math.round(first.nanoseconds),
    second: Math.round(second.nanoseconds),
    import: importNanoseconds === null ? null : Math.round(importNanoseconds),
    ...(difference ? { error: `differs from native at ${difference}` } : {}),
  });
} catch (error) {
  report({ error: String(error?.message ?? error).slice(0, 160) });
}
