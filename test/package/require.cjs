// The CommonJS build through the package's own exports map, as `require` users get it:
// `node test/package/require.cjs` (Node resolves a package's own name from inside it).
'use strict';
const assert = require('node:assert/strict');

const lib = require('json-parse-binary');
let passed = 0;
let failed = 0;

function check(name, body) {
  try {
    body();
    passed++;
  } catch (error) {
    failed++;
    console.log(`FAIL ${name}: ${error && error.stack ? error.stack : error}`);
  }
}

check('require resolves the CommonJS build with every export', () => {
  assert.ok(require.resolve('json-parse-binary').endsWith('index.cjs'));
  for (const name of ['parseBinary', 'detach', 'install']) assert.equal(typeof lib[name], 'function', name);
  assert.equal(typeof lib.detachStrategy, 'string');
});

check('parseBinary works through require', () => {
  assert.deepEqual(lib.parseBinary(Buffer.from('{"a":[1,"b",null]}')), { ok: true, value: { a: [1, 'b', null] } });
  const failure = lib.parseBinary(new TextEncoder().encode('{"a":'));
  assert.equal(failure.ok, false);
  assert.equal(typeof failure.message, 'string');
});

check('detach works through require', () => {
  const buffer = new ArrayBuffer(32);
  lib.detach(buffer);
  assert.equal(buffer.byteLength, 0);
});

check('requiring the main module changes no global', () => {
  assert.equal(Object.hasOwn(JSON, 'parseBinary'), false);
  assert.equal(Object.hasOwn(ArrayBuffer.prototype, 'detach'), false);
});

check("require('json-parse-binary/auto') installs the globals", () => {
  const auto = require('json-parse-binary/auto');
  assert.ok(require.resolve('json-parse-binary/auto').endsWith('auto.cjs'));
  assert.deepEqual(auto.installed, { parseBinary: 'installed', detach: 'installed' });
  assert.deepEqual(JSON.parseBinary(new TextEncoder().encode('[true]')), { ok: true, value: [true] });
  const buffer = new ArrayBuffer(8);
  buffer.detach();
  assert.equal(buffer.byteLength, 0);
});

check("require('json-parse-binary/body') loads", () => {
  assert.ok(require.resolve('json-parse-binary/body').endsWith('body.cjs'));
  assert.equal(typeof require('json-parse-binary/body'), 'object');
});

console.log(`require: ${passed} passed, ${failed} failed`);
if (failed > 0) process.exitCode = 1;
