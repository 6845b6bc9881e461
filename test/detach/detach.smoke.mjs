// Smoke test of `detach` on whatever runtime runs it (Node 20/22/24, Bun, Deno), against the built
// package: node test/detach/detach.smoke.mjs [module path, default ../../dist/index.js]
// Prints the strategy and the memory figures, then "detach: N passed, M failed" as its last line.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { assert, assertThrows, check, report } from '../support/smoke.mjs';
import { formatRelease, measureRelease } from './measure-release.mjs';
import { refusalCases } from './refusal-cases.mjs';

const modulePath = globalThis.process?.argv?.[2];
const moduleUrl = modulePath ? pathToFileURL(resolve(modulePath)).href : new URL('../../dist/index.js', import.meta.url).href;
const { detach, detachStrategy } = await import(moduleUrl);

const versions = globalThis.process?.versions ?? {};
const runtime = globalThis.Deno ? `deno ${Deno.version.deno}` : versions.bun ? `bun ${versions.bun}` : `node ${versions.node}`;
console.log(`runtime: ${runtime}, detachStrategy: ${detachStrategy}`);

function expectDetached(buffer, views, what) {
  assert(buffer.byteLength === 0, `${what}: byteLength is ${buffer.byteLength} after detach`);
  for (const view of views) {
    const length = view instanceof DataView ? 0 : view.length;
    assert(length === 0 && (view instanceof DataView || view.byteLength === 0), `${what}: a view still has ${length} elements`);
  }
}

await check('the strategy fits the runtime', () => {
  const expected = globalThis.Deno || versions.bun ? 'transfer' : 'natives';
  assert(detachStrategy === expected, `expected ${expected}, got ${detachStrategy}`);
});

await check('natives syntax is off again after loading', () => {
  assertThrows(() => new Function('%GetOptimizationStatus(1)'), SyntaxError, 'compiling % syntax');
});

await check('an ArrayBuffer and all views on it', () => {
  const buffer = new ArrayBuffer(32);
  const views = [new Uint8Array(buffer), new Float64Array(buffer, 8, 2), new Uint8Array(buffer, 30)];
  const dataView = new DataView(buffer, 4);
  detach(buffer);
  expectDetached(buffer, views, 'ArrayBuffer');
  assertThrows(() => dataView.getUint8(0), TypeError, 'DataView access after detach');
});

await check('a whole Uint8Array, DataView, Float64Array and unpooled Buffer', async () => {
  const { Buffer } = await import('node:buffer');
  for (const make of [
    () => new Uint8Array(16),
    () => new DataView(new ArrayBuffer(16)),
    () => new Float64Array(2),
    () => Buffer.allocUnsafeSlow(16),
  ]) {
    const view = make();
    const buffer = view.buffer;
    detach(view);
    expectDetached(buffer, view instanceof DataView ? [] : [view], Object.prototype.toString.call(view));
  }
});

await check('resizable buffers, with fixed and length-tracking views', () => {
  const resizable = new ArrayBuffer(16, { maxByteLength: 1 << 20 });
  const tracking = new Uint8Array(resizable);
  detach(resizable);
  expectDetached(resizable, [tracking], 'resizable');
  const grown = new ArrayBuffer(8, { maxByteLength: 64 });
  grown.resize(64);
  const whole = new Uint16Array(grown, 0, 32);
  detach(whole);
  expectDetached(grown, [whole], 'grown resizable via a fixed view');
});

await check('an empty ArrayBuffer', () => {
  const empty = new ArrayBuffer(0);
  detach(empty);
  assertThrows(() => new Uint8Array(empty), TypeError, 'a view on the detached empty buffer');
});

await check('an already detached buffer or view is a no-op', () => {
  const buffer = new ArrayBuffer(8);
  const dataView = new DataView(buffer, 4);
  const bytes = new Uint8Array(buffer);
  detach(buffer);
  detach(buffer);
  detach(bytes);
  detach(dataView);
  assert(buffer.byteLength === 0, 'still detached');
});

await check('checks survive later tampering with prototypes and Function.prototype.call', () => {
  const byteLength = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'byteLength');
  const call = Function.prototype.call;
  Object.defineProperty(ArrayBuffer.prototype, 'byteLength', { get: () => 8, configurable: true });
  Function.prototype.call = function tampered() {
    throw new Error('tampered call ran');
  };
  try {
    assertThrows(() => detach(Object.create(ArrayBuffer.prototype)), TypeError, 'a look-alike after tampering');
    const bytes = new Uint8Array(8);
    detach(bytes);
    assert(bytes.length === 0, 'detached a real buffer after tampering');
  } finally {
    Function.prototype.call = call;
    Object.defineProperty(ArrayBuffer.prototype, 'byteLength', byteLength);
  }
});

for (const refusal of refusalCases()) {
  await check(`refuses ${refusal.name}`, () => {
    const arranged = refusal.arrange();
    if ('skip' in arranged) {
      console.log(`skip refuses ${refusal.name}: ${arranged.skip}`);
      return;
    }
    assertThrows(() => detach(arranged.value), TypeError, refusal.name);
    arranged.untouched();
  });
}

await check('a 64 MB buffer is given back to the system', async () => {
  const release = await measureRelease(detach);
  if (release === undefined) {
    console.log('skip RSS: this runtime has no process.memoryUsage');
    return;
  }
  console.log(`release: ${formatRelease(release)}`);
  if (detachStrategy === 'natives' || detachStrategy === 'transfer') {
    assert(release.settledDrop >= release.size * 0.75, 'RSS did not drop by three quarters of the buffer');
  }
});

report('detach');
