// The parser reads exactly the input's bytes, however the program around it patched the typed
// arrays' prototypes after load or dressed up the array it passes (test/runtimes/patched-views.mjs;
// patched-views.smoke.mjs runs the same on every runtime). Each patch is undone right after its parse.
import { describe, expect, it } from 'vitest';
import { parseBinary } from '../../src/parse/parse-binary.js';
import { hostileDifferences, lyingForms, prototypePatches } from '../runtimes/patched-views.mjs';

describe('typed arrays under a hostile program', () => {
  for (const [name, patch] of prototypePatches) {
    it(`${name} patched changes nothing`, () => expect(hostileDifferences(parseBinary, patch)).toEqual([]));
  }

  it('own properties on the caller\'s array, and a subclass that lies, change nothing', () => {
    expect(hostileDifferences(parseBinary, () => () => undefined, lyingForms)).toEqual([]);
  });
});
