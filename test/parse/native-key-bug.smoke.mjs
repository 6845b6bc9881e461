// Pins a data-corruption bug of V8's own JSON.parse (found by differential fuzzing, issue 13) and
// checks that parseBinary never shares it. In V8 13.6 (Node 24), 14.6 (Node 26) and 15.0
// (Deno 2.9), once JSON.parse has built an object with the keys "a" and "\\", a later object
// `{"a":1,"\n":3}` or `{"a":1,"\u0041":3}` gets the key "\\" instead of "\n" or "A". V8 11.3
// (Node 20), 12.4 (Node 22), Bun and Chromium are right. Objects built by ordinary code never
// trigger it, nor does a fresh realm.
//
// Each case asserts parseBinary's keys, then records what native JSON.parse gave on this engine
// beside them: a wrong native answer is reported, not failed, since it is the engine's bug.
import { parseBinary } from '../../dist/index.js';
import { canParseInFreshRealm, firstDifference, honestDifference, oracle, parseInFreshRealm, utf8 } from '../runtimes/oracle.mjs';
import { check, assert, report } from '../support/smoke.mjs';

const engine = globalThis.Bun
  ? `Bun ${globalThis.Bun.version}`
  : globalThis.Deno
    ? `Deno ${globalThis.Deno.version.deno} (V8 ${globalThis.Deno.version.v8})`
    : `Node ${process.versions.node} (V8 ${process.versions.v8})`;

// The object that teaches JSON.parse the shape { a, "\\" }, then objects whose second key is
// escaped differently. Written as JSON texts, so "\\\\" is the two-byte escape \\ in the text.
const primer = '{"a":1,"\\\\":2}';
const cases = [
  { text: '{"a":1,"\\n":3}', keys: ['a', '\n'] },
  { text: '{"a":1,"\\u0041":3}', keys: ['a', 'A'] },
  { text: '{"a":1,"\\t":3}', keys: ['a', '\t'] },
  { text: '{"a":1,"\\"":3}', keys: ['a', '"'] },
];

const nativeWrong = [];

for (const { text, keys } of cases) {
  await check(`parseBinary gives the keys ${JSON.stringify(keys)} for ${text} after ${primer}`, () => {
    const primerBytes = utf8(primer);
    // Both parsers see the primer first, as in the bug report.
    const primed = parseBinary(primerBytes);
    assert(primed.ok && firstDifference(Object.keys(primed.value), ['a', '\\']) === undefined, `primer: ${JSON.stringify(primed)}`);
    JSON.parse(primer);
    const bytes = utf8(text);
    const actual = parseBinary(bytes);
    assert(actual.ok, `${text}: ${actual.message}`);
    assert(firstDifference(Object.keys(actual.value), keys) === undefined, `${text}: parseBinary gave keys ${JSON.stringify(Object.keys(actual.value))}`);
    assert(actual.value[keys[1]] === 3, `${text}: value ${actual.value[keys[1]]}`);

    const native = oracle(bytes);
    const nativeKeys = native.ok ? Object.keys(native.value) : null;
    if (firstDifference(nativeKeys, keys) !== undefined) nativeWrong.push({ text, native: nativeKeys, right: keys });
    // The honest oracle must accept parseBinary's right answer whatever native said here.
    const verdict = honestDifference(actual.value, native.value, bytes);
    assert(verdict.difference === undefined, `${text}: the honest oracle rejects parseBinary: ${verdict.difference}`);
  });
}

await check('a fresh realm parses the same texts right (the honest oracle\'s second opinion)', () => {
  if (!canParseInFreshRealm) return;
  for (const { text, keys } of cases) {
    const fresh = parseInFreshRealm(text);
    assert(fresh && firstDifference(Object.keys(fresh.value), keys) === undefined, `${text}: fresh realm gave ${JSON.stringify(fresh && Object.keys(fresh.value))}`);
  }
});

await check('the honest oracle still rejects a value that is really wrong', () => {
  const bytes = utf8(cases[0].text);
  const verdict = honestDifference({ a: 1, B: 3 }, JSON.parse(cases[0].text), bytes);
  assert(verdict.difference !== undefined, 'a wrong key was accepted');
});

if (nativeWrong.length > 0) {
  console.log(`note: native JSON.parse on ${engine} was wrong in ${nativeWrong.length} of ${cases.length} cases (parseBinary right in all)`);
  for (const { text, native, right } of nativeWrong) console.log(`note:   ${text}: native keys ${JSON.stringify(native)}, right keys ${JSON.stringify(right)}`);
} else {
  console.log(`native JSON.parse on ${engine} was right in all ${cases.length} cases`);
}
report('native-key-bug');
