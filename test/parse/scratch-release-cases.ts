// Shared by the scratch-release tests of the Node and browser builds.
import { getBuiltinModule } from 'node:process';
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { ParseBinaryResult } from '../../src/parse/types.js';
import { utf8 } from './oracle.js';

/** V8's `gc()` without starting Node with --expose-gc. */
function forceGarbageCollection(): void {
  const v8 = (getBuiltinModule as (id: string) => typeof import('node:v8'))('node:v8');
  const vm = (getBuiltinModule as (id: string) => typeof import('node:vm'))('node:vm');
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

/** Every object inside `value` (not `value` itself), depth first. */
function innerObjects(value: unknown, found: object[] = []): object[] {
  if (typeof value !== 'object' || value === null) return found;
  for (const child of Object.values(value)) {
    if (typeof child === 'object' && child !== null) {
      found.push(child);
      innerObjects(child, found);
    }
  }
  return found;
}

const record = (index: number) => ({ id: index, tags: [{ name: `t${index}` }] });
const documents: Record<string, unknown> = {
  'a few properties': { a: { x: 1 }, b: [1, 2], c: { y: { z: [] } } },
  'more properties than the small-clear loop takes': Object.fromEntries(Array.from({ length: 40 }, (_, index) => [`k${index}`, record(index)])),
  'a short array of objects': [record(1), record(2), record(3)],
  'an array of objects longer than the small-clear loop takes': Array.from({ length: 40 }, (_, index) => record(index)),
  'arrays of arrays': [[[record(1)], [record(2), record(3)]], [[record(4)]]],
  'an array long enough to be collected in chunks': Array.from({ length: 3 * 4096 + 5 }, (_, index) => record(index)),
};

/** The checks, for the build `parseBinary` comes from (the Node and the browser build reuse different scratch). */
export function describeScratchRelease(build: string, parseBinary: (bytes: Uint8Array) => ParseBinaryResult<unknown>): void {
  describe(`${build}: a parse leaves nothing of its result reachable from the reused scratch space`, () => {
    for (const [name, document] of Object.entries(documents)) {
      it(name, async () => {
        let result = parseBinary(utf8(JSON.stringify(document)));
        if (!result.ok) throw new Error(result.message);
        const references = innerObjects(result.value).map((object) => new WeakRef(object));
        expect(references.length).toBeGreaterThan(0);
        result = parseBinary(utf8('0'));
        // A WeakRef holds its target until the current job ends.
        await delay(0);
        forceGarbageCollection();
        expect(references.filter((reference) => reference.deref() !== undefined)).toHaveLength(0);
      });
    }
  });
}
