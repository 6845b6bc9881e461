// strings.test.ts again, with the escaped-string loop that writes words into scratch space through a
// DataView (strings.ts, COPY_WORDS). It is on where Buffer#copy is a slow call (Node 24 and 26, whose
// V8 13+ has no fast API calls with typed arrays) and off under the Node these tests run on by
// default, so here the modules load as if V8 were 13.
import { expect, it, vi } from 'vitest';

vi.hoisted(() => {
  const real = globalThis.process;
  const versions = { ...real.versions, v8: '13.6.233.17-node.0' };
  vi.stubGlobal('process', new Proxy(real, { get: (target, key) => (key === 'versions' ? versions : Reflect.get(target, key)) }));
});

const { COPY_WORDS } = await import('../../src/parse/strings.js');
await import('./strings.test.js');

it('runs the cases above with words written into scratch space', () => {
  expect(COPY_WORDS).toBe(true);
});
