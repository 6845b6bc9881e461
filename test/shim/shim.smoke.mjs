// The global shim from the built dist/ on every runtime of the matrix: the main module leaves the
// globals alone, the auto entry installs them, install() keeps what exists unless forced, and the
// installed functions look and behave like built-ins.
import { check, assert, assertThrows, report } from '../support/smoke.mjs';

const before = {
  parseBinary: Object.getOwnPropertyDescriptor(JSON, 'parseBinary'),
  detach: Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'detach'),
};
const lib = await import('../../dist/index.js');
const canDetach = lib.detachStrategy !== 'none';

function removeGlobals() {
  delete JSON.parseBinary;
  delete ArrayBuffer.prototype.detach;
}

function assertBuiltInShape(target, key, name, length) {
  const descriptor = Object.getOwnPropertyDescriptor(target, key);
  assert(descriptor, `${name} is not installed`);
  assert(descriptor.writable && descriptor.configurable && !descriptor.enumerable,
    `${name}: writable ${descriptor.writable}, configurable ${descriptor.configurable}, enumerable ${descriptor.enumerable}`);
  assert(typeof descriptor.value === 'function', `${name} is not a function`);
  assert(descriptor.value.name === key, `${name}.name is ${descriptor.value.name}`);
  assert(descriptor.value.length === length, `${name}.length is ${descriptor.value.length}`);
  assert(!('prototype' in descriptor.value), `${name} has a prototype property`);
  assertThrows(() => new descriptor.value(), TypeError, `new ${name}()`);
  assert(!Object.keys(target).includes(key), `${name} shows up in Object.keys`);
}

await check('importing the main module changes no global', () => {
  assert(Object.getOwnPropertyDescriptor(JSON, 'parseBinary') === before.parseBinary, 'JSON.parseBinary changed');
  assert(Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'detach') === before.detach,
    'ArrayBuffer.prototype.detach changed');
  assert(typeof lib.install === 'function', 'install is not exported');
});

await check('the auto entry installs both globals and reports it', async () => {
  const auto = await import('../../dist/auto.js');
  const expected = before.parseBinary ? 'present' : 'installed';
  assert(auto.installed.parseBinary === expected, `parseBinary: ${auto.installed.parseBinary}`);
  const expectedDetach = before.detach ? 'present' : canDetach ? 'installed' : 'unsupported';
  assert(auto.installed.detach === expectedDetach, `detach: ${auto.installed.detach}`);
  assert(typeof JSON.parseBinary === 'function', 'JSON.parseBinary missing');
  const result = JSON.parseBinary(new TextEncoder().encode('{"a":[1,"b"]}'));
  assert(result.ok && result.value.a[1] === 'b', 'JSON.parseBinary gave a wrong result');
  const failure = JSON.parseBinary(new TextEncoder().encode('{"a":'));
  assert(failure.ok === false && typeof failure.message === 'string', 'JSON.parseBinary did not report a failure');
});

await check('installed functions have built-in shapes: descriptors, name, length, not constructors', () => {
  if (!before.parseBinary) assertBuiltInShape(JSON, 'parseBinary', 'JSON.parseBinary', 1);
  if (!before.detach && canDetach) assertBuiltInShape(ArrayBuffer.prototype, 'detach', 'ArrayBuffer.prototype.detach', 0);
});

await check('ArrayBuffer.prototype.detach empties the buffer and its views and returns undefined', () => {
  if (!canDetach) return;
  const buffer = new ArrayBuffer(1024);
  const view = new Uint8Array(buffer);
  view[0] = 1;
  assert(buffer.detach() === undefined, 'detach() returned something');
  assert(buffer.byteLength === 0, `byteLength ${buffer.byteLength} after detach`);
  assert(view.length === 0, `view length ${view.length} after detach`);
  const big = new ArrayBuffer(8 * 1024 * 1024);
  new Uint8Array(big).fill(7);
  big.detach();
  assert(big.byteLength === 0, 'an 8 MB buffer was not detached');
});

await check('ArrayBuffer.prototype.detach brand-checks its receiver', () => {
  if (!canDetach) return;
  const detach = ArrayBuffer.prototype.detach;
  const buffer = new ArrayBuffer(8);
  const receivers = [
    ['a Uint8Array', new Uint8Array(buffer)],
    ['a DataView', new DataView(buffer)],
    ['a Proxy of an ArrayBuffer', new Proxy(new ArrayBuffer(8), {})],
    ['an object inheriting from ArrayBuffer.prototype', Object.create(ArrayBuffer.prototype)],
    ['a look-alike', { byteLength: 8, slice() {}, transfer() {} }],
    ['undefined', undefined],
    ['null', null],
    ['a number', 8],
  ];
  if (typeof SharedArrayBuffer === 'function') receivers.push(['a SharedArrayBuffer', new SharedArrayBuffer(8)]);
  for (const [label, receiver] of receivers) {
    assertThrows(() => detach.call(receiver), TypeError, `detach on ${label}`);
  }
  assert(buffer.byteLength === 8, 'a failed brand check detached the buffer underneath');
});

await check('install() leaves existing globals alone and reports them present', () => {
  const report = lib.install();
  assert(report.parseBinary === 'present', `parseBinary: ${report.parseBinary}`);
  assert(report.detach === (canDetach || before.detach ? 'present' : 'unsupported'), `detach: ${report.detach}`);
  removeGlobals();
  const ownParseBinary = () => 'mine';
  const ownDetach = () => 'mine';
  JSON.parseBinary = ownParseBinary;
  ArrayBuffer.prototype.detach = ownDetach;
  const second = lib.install();
  assert(second.parseBinary === 'present' && JSON.parseBinary === ownParseBinary, 'JSON.parseBinary overwritten');
  if (canDetach) assert(second.detach === 'present', `detach: ${second.detach}`);
  assert(ArrayBuffer.prototype.detach === ownDetach, 'ArrayBuffer.prototype.detach overwritten');
});

await check('install({ force: true }) replaces existing globals', () => {
  const report = lib.install({ force: true });
  assert(report.parseBinary === 'replaced', `parseBinary: ${report.parseBinary}`);
  assert(JSON.parseBinary(new Uint8Array([0x31])).value === 1, 'JSON.parseBinary not replaced');
  if (canDetach) {
    assert(report.detach === 'replaced', `detach: ${report.detach}`);
    assertBuiltInShape(ArrayBuffer.prototype, 'detach', 'ArrayBuffer.prototype.detach', 0);
  } else {
    assert(report.detach === 'unsupported', `detach: ${report.detach}`);
  }
  assertBuiltInShape(JSON, 'parseBinary', 'JSON.parseBinary', 1);
});

await check('install() on clean globals installs and rejects a non-object options argument', () => {
  removeGlobals();
  const report = lib.install({});
  assert(report.parseBinary === 'installed', `parseBinary: ${report.parseBinary}`);
  assert(report.detach === (canDetach ? 'installed' : 'unsupported'), `detach: ${report.detach}`);
  for (const options of [null, 'force', 1, true]) {
    assertThrows(() => lib.install(options), TypeError, `install(${String(options)})`);
  }
});

await check('a frozen JSON is reported as locked, not thrown', () => {
  removeGlobals();
  Object.freeze(JSON);
  const report = lib.install({ force: true });
  assert(report.parseBinary === 'locked', `parseBinary: ${report.parseBinary}`);
  assert(!('parseBinary' in JSON), 'JSON.parseBinary appeared on a frozen JSON');
});

report('shim');
