import { afterEach, describe, expect, it } from 'vitest';
import { keysToSizeFor, MAP_BUILD_MIN_KEYS } from '../../src/parse/map-objects.js';
import { sharedShapeTree, type Shape } from '../../src/parse/object-shapes.js';
import { childOf, childrenOf, shapesBelow } from './shape-walk.js';

const FRESH_KEYS_BEFORE_MAP = sharedShapeTree.freshKeysBeforeMap;
const rootShape = (): Shape => sharedShapeTree.root;
import { parseBinary } from '../../src/parse/parse-binary.js';
import { expectAgreement } from './agreement.js';
import { allowNatives } from '../../src/platform/v8-natives.js';
import { utf8 } from './oracle.js';

let serial = 0;
/** Keys never seen before in this process, so that the object is map-like to the shape tree. */
function dataKeys(count: number): string[] {
  return Array.from({ length: count }, () => `name-${(serial++).toString(36)}`);
}
function objectText(entries: Array<[string, string]>): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`;
}
function mapText(count: number, extra: Array<[string, string]> = []): string {
  return objectText([...dataKeys(count).map((key, index): [string, string] => [key, String(index)]), ...extra]);
}
function expectAgreementRepeated(text: string, options = {}): void {
  for (let round = 0; round < 3; round++) expectAgreement(utf8(text), options);
}

describe('map-like objects (keys that are data) are the same as JSON.parse builds', () => {
  for (const count of [MAP_BUILD_MIN_KEYS - 1, MAP_BUILD_MIN_KEYS, MAP_BUILD_MIN_KEYS + 1, 64, 65, 1000]) {
    it(`${count} fresh keys`, () => expectAgreementRepeated(mapText(count)));
  }

  it('keeps __proto__ as an own property, in its place', () => {
    const text = mapText(40, [['__proto__', '{"polluted":true}'], ['after', '1']]);
    expectAgreementRepeated(text);
    const result = parseBinary(utf8(text));
    if (!result.ok) throw new Error(result.message);
    const value = result.value as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value).at(-2)).toBe('__proto__');
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('removes or refuses __proto__ as the options say', () => {
    const text = mapText(40, [['__proto__', '1']]);
    const removed = parseBinary(utf8(text), { protoAction: 'remove' });
    expect(removed.ok && Object.hasOwn(removed.value as object, '__proto__')).toBe(false);
    expect(removed.ok && Object.keys(removed.value as object).length).toBe(40);
    expect(parseBinary(utf8(text), { protoAction: 'error' }).ok).toBe(false);
  });

  it('applies constructorAction to a map', () => {
    const text = mapText(40, [['constructor', '{"prototype":{}}']]);
    expect(parseBinary(utf8(text), { constructorAction: 'error' }).ok).toBe(false);
    const removed = parseBinary(utf8(text), { constructorAction: 'remove' });
    expect(removed.ok && Object.hasOwn(removed.value as object, 'constructor')).toBe(false);
  });

  it('keeps a duplicate key at its first position with its last value', () => {
    const keys = dataKeys(50);
    const entries = keys.map((key, index): [string, string] => [key, String(index)]);
    expectAgreementRepeated(objectText([...entries, [keys[3], '"last"'], [keys[0], '"again"']]));
  });

  it('orders integer-like keys as the engine does', () => {
    const entries = dataKeys(40).map((key, index): [string, string] => [index % 3 === 0 ? String(1000 - index) : key, String(index)]);
    expectAgreementRepeated(objectText([...entries, ['7', '1'], ['4294967295', '2'], ['01', '3'], ['-1', '4']]));
  });

  it('does not alternate over 1,000 repeated names into a wrong object', () => {
    const keys = dataKeys(1000);
    const entries = Array.from({ length: 4000 }, (_, index): [string, string] => [keys[index % 1000], String(index)]);
    expectAgreementRepeated(objectText(entries));
  });

  it('nests maps inside maps and records inside maps', () => {
    const inner = (count: number) => mapText(count);
    const entries = dataKeys(40).map((key, index): [string, string] => [key, index % 2 ? inner(35) : '{"id":1,"name":"x","tags":[]}']);
    expectAgreementRepeated(objectText(entries));
  });

  describe('with setters and read-only properties on Object.prototype', () => {
    const added = ['watched', '7', 'frozenName'];
    afterEach(() => {
      for (const key of added) delete (Object.prototype as Record<string, unknown>)[key];
    });
    it('never runs them and still makes own properties', () => {
      let calls = 0;
      for (const key of ['watched', '7']) {
        Object.defineProperty(Object.prototype, key, { set() { calls++; }, get() { return 'inherited'; }, configurable: true });
      }
      Object.defineProperty(Object.prototype, 'frozenName', { value: 'x', writable: false, configurable: true });
      const text = mapText(40, [['watched', '1'], ['7', '2'], ['frozenName', '3']]);
      const result = parseBinary(utf8(text));
      if (!result.ok) throw new Error(result.message);
      const value = result.value as Record<string, unknown>;
      expect(calls).toBe(0);
      expect([value.watched, value[7], value.frozenName]).toEqual([1, 2, 3]);
      expect(Object.getOwnPropertyDescriptor(value, 'frozenName')).toEqual({ value: 3, writable: true, enumerable: true, configurable: true });
    });
  });
});


describe("the size of a map's dictionary", () => {
  const names = (count: number, distinct = count) => Array.from({ length: count }, (_, index) => `k${index % distinct}`);
  it('counts the named keys only: index keys are elements', () => {
    expect(keysToSizeFor([...names(40), 1, 2, 3], 0, 43)).toBe(40);
    expect(keysToSizeFor(['a', ...names(40)], 1, 41)).toBe(40);
    expect(keysToSizeFor([...names(MAP_BUILD_MIN_KEYS - 1), ...Array.from({ length: 100 }, (_, index) => index)], 0, MAP_BUILD_MIN_KEYS + 99)).toBe(0);
  });
  it('sizes a large map whose first keys are distinct, not one whose first keys repeat', () => {
    expect(keysToSizeFor(names(100_000), 0, 100_000)).toBe(100_000);
    expect(keysToSizeFor(names(100_000, 1000), 0, 100_000)).toBe(0);
    expect(keysToSizeFor(names(3000, 100), 0, 3000)).toBe(0);
  });
});

describe('map-like objects where natives are forbidden (a dictionary grown key by key, not sized by V8 natives)', () => {
  afterEach(() => allowNatives(true));
  it('are the same as JSON.parse builds, __proto__, duplicates and index keys included', () => {
    allowNatives(false);
    for (const count of [MAP_BUILD_MIN_KEYS, 1000]) expectAgreementRepeated(mapText(count));
    const keys = dataKeys(50);
    const entries = keys.map((key, index): [string, string] => [index % 7 === 0 ? String(index) : key, String(index)]);
    expectAgreementRepeated(objectText([...entries, ['__proto__', '{"polluted":true}'], [keys[3], '"last"']]));
  });
});

describe('one wide object parsed again and again (its shapes are learnt over parses, then a factory builds it)', () => {
  // Past MAX_SHAPE_SIZE (128 outside the browser build) an object has no shape. The first parse
  // learns FRESH_KEYS_BEFORE_MAP keys and the second the rest (a map met again); the rounds are as
  // many as learning FRESH_KEYS_BEFORE_MAP keys a parse would need, and the factory comes after its
  // fourth use.
  const rounds = Math.ceil(130 / FRESH_KEYS_BEFORE_MAP) + 6;
  for (const count of [64, 65, 100, 126, 127, 128, 129]) {
    it(`${count} keys`, () => {
      const keys = dataKeys(count);
      const text = objectText(keys.map((key, index): [string, string] => [key, String(index)]));
      for (let round = 0; round < rounds; round++) expectAgreement(utf8(text));
      let shape: Shape | undefined = rootShape();
      let learnt = 0;
      for (const key of keys) {
        shape = childOf(shape, key);
        if (shape === undefined) break;
        learnt++;
      }
      expect(learnt).toBe(Math.min(count, 128));
      if (count <= 128) expect(shape?.factory).toBeDefined();
    });
  }

  it('keeps a duplicate key in its first place with its last value, and integer keys first', () => {
    const keys = dataKeys(110);
    const entries = keys.map((key, index): [string, string] => [key, String(index)]);
    entries.splice(50, 0, [keys[3], '"again"'], ['7', '"seven"']);
    const text = objectText(entries);
    for (let round = 0; round < rounds; round++) expectAgreement(utf8(text));
    const result = parseBinary(utf8(text));
    if (!result.ok) throw new Error(result.message);
    const value = result.value as Record<string, unknown>;
    expect(Object.keys(value).slice(0, 5)).toEqual(['7', keys[0], keys[1], keys[2], keys[3]]);
    expect(value[keys[3]]).toBe('again');
  });
});

describe('map-like objects do not flood the shape tree', () => {
  it('gives each map at most FRESH_KEYS_BEFORE_MAP shapes', () => {
    const before = shapesBelow(rootShape());
    for (let round = 0; round < 50; round++) parseBinary(utf8(mapText(100)));
    expect(shapesBelow(rootShape()) - before).toBeLessThanOrEqual(50 * FRESH_KEYS_BEFORE_MAP);
  });

  it('lets a record wider than FRESH_KEYS_BEFORE_MAP into the tree over a few objects', () => {
    const record = (index: number) => `{"id":${index},${Array.from({ length: 20 }, (_, field) => `"wideField${field}":${field}`).join(',')}}`;
    const text = `[${Array.from({ length: 12 }, (_, index) => record(index)).join(',')}]`;
    expectAgreementRepeated(text);
    let shape: Shape | undefined = childOf(rootShape(), 'id');
    let depth = shape === undefined ? 0 : 1;
    for (let field = 0; shape !== undefined && field < 20; field++) {
      shape = childOf(shape, `wideField${field}`);
      if (shape !== undefined) depth++;
    }
    expect(depth).toBe(21);
  });

  it('leaves records after many maps still built right', () => {
    for (let round = 0; round < 50; round++) parseBinary(utf8(mapText(20)));
    const records = `[${Array.from({ length: 10 }, (_, index) => `{"id":${index},"name":"n${index}","a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9}`).join(',')}]`;
    expectAgreementRepeated(records);
  });
});
