// test/runtimes/patched-views.mjs against the built dist/ on every runtime: each one's own Buffer,
// decoders and typed arrays, under patched prototypes and lying arrays.
import { parseBinary } from '../../dist/index.js';
import { check, assert, report } from '../support/smoke.mjs';
import { hostileDifferences, lyingForms, prototypePatches } from '../runtimes/patched-views.mjs';

for (const [name, patch] of prototypePatches) {
  await check(`${name} patched changes nothing`, () => {
    const differences = hostileDifferences(parseBinary, patch);
    assert(differences.length === 0, differences.slice(0, 5).join('\n'));
  });
}

await check('own properties on the caller\'s array, and a subclass that lies, change nothing', () => {
  const differences = hostileDifferences(parseBinary, () => () => undefined, lyingForms);
  assert(differences.length === 0, differences.slice(0, 5).join('\n'));
});

report('patched-views');
