import { getBuiltinModule } from 'node:process';
import { describe, expect, it } from 'vitest';
import { createDetach } from '../../src/detach/detach.js';
import { detachFunctions } from '../../src/detach/strategies.js';
import { measureRelease } from './measure-release.mjs';

const megabytes = 64;
const size = megabytes * 1024 * 1024;

/** V8's `gc()` without starting Node with --expose-gc. */
function forceGarbageCollection(): void {
  const v8 = (getBuiltinModule as (id: string) => typeof import('node:v8'))('node:v8');
  const vm = (getBuiltinModule as (id: string) => typeof import('node:vm'))('node:vm');
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

describe(`memory of a written ${megabytes} MB buffer, without any garbage collection`, () => {
  for (const strategy of ['natives', 'transfer'] as const) {
    it.skipIf(detachFunctions[strategy] === undefined)(`goes back at once with '${strategy}' (5 rounds)`, async () => {
      const detach = createDetach(strategy);
      for (let round = 0; round < 5; round++) {
        const release = await measureRelease(detach, { megabytes, settleLimitMs: 0 });
        expect(release!.immediateDrop).toBeGreaterThan(size * 0.75);
      }
    });
  }

  it("waits for the next garbage collection with 'structured-clone'", async () => {
    const detach = createDetach('structured-clone');
    const release = await measureRelease(
      (buffer: ArrayBuffer) => {
        detach(buffer);
        expect(buffer.byteLength).toBe(0);
      },
      { megabytes, settleLimitMs: 0 },
    );
    const rssBeforeCollection = process.memoryUsage.rss();
    forceGarbageCollection();
    // V8 frees collected backing stores on a background thread: give it a moment.
    let collected = 0;
    for (let wait = 0; wait < 100 && release!.immediateDrop + collected <= size * 0.75; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      collected = rssBeforeCollection - process.memoryUsage.rss();
    }
    // Whatever the detach call itself released, the collection released the rest of the buffer.
    expect(release!.immediateDrop + collected).toBeGreaterThan(size * 0.75);
    expect(release!.immediateDrop).toBeLessThan(size * 0.25);
  });
});
