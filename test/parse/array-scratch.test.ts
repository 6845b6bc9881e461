import { existsSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { parseBinary as parseFromSource } from '../../src/parse/parse-binary.js';

/** V8's own verdict on how an array stores its elements, through a natives-syntax function. */
function elementKindReader(): ((array: unknown[]) => string) | undefined {
  try {
    setFlagsFromString('--allow-natives-syntax');
    return new Function(
      'array',
      "return %HasDoubleElements(array) ? 'doubles' : %HasSmiElements(array) ? 'small integers' : 'tagged values'",
    ) as (array: unknown[]) => string;
  } catch {
    return undefined;
  } finally {
    setFlagsFromString('--no-allow-natives-syntax');
  }
}

const elementKind = elementKindReader();

type Parse = typeof parseFromSource;

// The built files too: a minifier that merged the two element stores would undo this.
const builds: Array<[string, () => Promise<Parse>]> = [['the source', async () => parseFromSource]];
for (const file of ['dist/index.js', 'dist/browser/index.js']) {
  const url = new URL(`../../${file}`, import.meta.url);
  if (existsSync(url)) builds.push([file, async () => ((await import(url.href)) as { parseBinary: Parse }).parseBinary]);
}

describe.each(builds)('arrays of numbers come out unboxed, as JSON.parse makes them, from %s', (_, load) => {
  it.runIf(elementKind !== undefined)('even after many arrays of other values went through the same buffers', async () => {
    const parseBinary = await load();
    const encoder = new TextEncoder();
    const mixed = encoder.encode('[[1.5,2.5],[{"a":1},{"b":2}],["x","y"],[3.25,4.5,5.5],[[0.5,1],[true]]]');
    for (let round = 0; round < 200; round++) expect(parseBinary(mixed).ok).toBe(true);

    const document = encoder.encode('[[1.5,2.5],[7.5,8.5,9.5,10.5,11.5,12.5],[[0.25,0.75],[1e300]],[1.5]]');
    const result = parseBinary(document);
    if (!result.ok) throw new Error(result.message);
    const value = result.value as [number[], number[], number[][], number[]];
    const numberArrays = [value[0], value[1], value[2][0], value[2][1], value[3]];
    expect(numberArrays.map((array) => elementKind!(array))).toEqual(Array(5).fill('doubles'));
    expect(elementKind!(value[2])).toBe('tagged values');

    // Longer than one buffer (CHUNK_LENGTH): joined from chunks, still doubles.
    const long = parseBinary(encoder.encode(JSON.stringify([Array.from({ length: 9000 }, (_, index) => index / 4), [{ a: 1 }]])));
    if (!long.ok) throw new Error(long.message);
    expect(elementKind!((long.value as number[][])[0])).toBe('doubles');
  });
});
