import { describe, expect, it } from 'vitest';
import { parseBinary } from '../../src/parse/parse-binary.js';
import { propertyKeys, propertyValues } from '../../src/parse/property-stack.js';
import { utf8 } from './oracle.js';

/** True when no value slot of the property stack holds anything a parse read. */
function valuesAreClear(): boolean {
  return propertyValues.every((value) => value === 0);
}

/** True when no slot of the property stack holds anything a parse read, keys included. */
function stackIsClear(): boolean {
  return valuesAreClear() && propertyKeys.every((key) => key === -1);
}

const flat = (keys: number) => JSON.stringify(Object.fromEntries(Array.from({ length: keys }, (_, index) => [`key${index}`, { index }])));

/** Documents cut short while objects are open, after values inside them were read. */
const cutShort: Record<string, string> = {
  'at byte 0, after a tall success': 'x',
  'inside nested objects': '{"a":{"x":{"y":["kept?"]}},"c":{"d":{"e":{"f":{}},"g":',
  'after a string value of an open object': '[{"a":{"b":{}}},{"c":[{"d":{}}],"e":{"f":"kept?","g":[',
  'inside a key': '{"a":{"b":1},"c',
  'past the height of every earlier parse': `${flat(3000).slice(0, -1)},"last":x`,
  'with index keys of a map': `{${Array.from({ length: 40 }, (_, index) => `"${index}":{"v":${index}}`).join(',')},"0":tru`,
};

describe('the property stack after a parse', () => {
  it('holds no value after a success', () => {
    expect(parseBinary(utf8(flat(500))).ok).toBe(true);
    expect(valuesAreClear()).toBe(true);
  });

  for (const [name, text] of Object.entries(cutShort)) {
    it(`holds nothing after a failure ${name}`, () => {
      // The success leaves its keys below the failure's height, or above it.
      expect(parseBinary(utf8(flat(200))).ok).toBe(true);
      expect(parseBinary(utf8(text)).ok).toBe(false);
      expect(stackIsClear()).toBe(true);
    });
  }

  it('clears the keys an earlier success left, taller than the failure', () => {
    expect(parseBinary(utf8(flat(1000))).ok).toBe(true);
    expect(parseBinary(utf8(flat(10))).ok).toBe(true);
    expect(parseBinary(utf8('{"a":')).ok).toBe(false);
    expect(stackIsClear()).toBe(true);
  });

  it('leaves the next parse correct after a tall success and a short failure', () => {
    const tall = JSON.parse(flat(500)) as unknown;
    expect(parseBinary(utf8(flat(500)))).toEqual({ ok: true, value: tall });
    expect(parseBinary(utf8('{"a":{"b":1,"c":')).ok).toBe(false);
    expect(parseBinary(utf8('{"a":{"b":1,"c":2},"d":3}'))).toEqual({ ok: true, value: { a: { b: 1, c: 2 }, d: 3 } });
    expect(parseBinary(utf8(flat(500)))).toEqual({ ok: true, value: tall });
  });

  it('keeps a stack of 10,000 slots without the keys above 4,096 or any value', () => {
    expect(parseBinary(utf8(flat(10_000))).ok).toBe(true);
    expect(propertyKeys.length).toBeGreaterThan(10_000);
    expect(valuesAreClear()).toBe(true);
    expect(propertyKeys.slice(4096).every((key) => key === -1)).toBe(true);
    // What stays below 4,096 is cleared by the next failure, from wherever it stops.
    expect(parseBinary(utf8('{"a":{"b":')).ok).toBe(false);
    expect(stackIsClear()).toBe(true);
    const tall = JSON.parse(flat(10_000)) as unknown;
    expect(parseBinary(utf8(flat(10_000)))).toEqual({ ok: true, value: tall });
  });
});
