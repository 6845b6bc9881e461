import { describe, expect, it } from 'vitest';
import { ShapeTree, WIDE, type Shape } from '../../src/parse/object-shapes.js';
import { childOf, childrenOf, shapeAt, shapesBelow } from './shape-walk.js';
import { parseDocument } from '../../src/parse/parser.js';
import { ParseState } from '../../src/parse/state.js';
import { toInputBytes } from '../../src/parse/input.js';
import { oracle, utf8 } from './oracle.js';

/** Parses `text` with `tree` as the shape tree, and checks the value against the oracle. */
function parseWith(tree: ShapeTree, text: string): unknown {
  const bytes = utf8(text);
  const value = parseDocument(new ParseState(toInputBytes(bytes, 'test'), false, 512, 'ignore', 'ignore', tree));
  const expected = oracle(bytes);
  expect(expected.ok).toBe(true);
  if (expected.ok) expect(value).toEqual(expected.value);
  return value;
}

/** The shape that `keys` lead to from the root of `tree`, if the tree has made it. */
const shapeOf = (tree: ShapeTree, keys: string[]): Shape | undefined => shapeAt(tree.root, keys);

/** `count` keys that only data would have: `${prefix}0`, `${prefix}1`, ... */
const dataKeys = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => `${prefix}${index}`);

const objectOf = (keys: string[]) => `{${keys.map((key, index) => `"${key}":${index}`).join(',')}}`;


const records = (count: number, keys: string[]) =>
  `[${Array.from({ length: count }, (_, index) => `{${keys.map((key) => `"${key}":${index}`).join(',')}}`).join(',')}]`;

describe('ShapeTree limits', () => {
  it('starts afresh past maxShapes, and keeps building right objects', () => {
    const tree = new ShapeTree({ maxShapes: 10 });
    const firstRoot = tree.root;
    parseWith(tree, records(3, ['a', 'b', 'c', 'd', 'e', 'f']));
    parseWith(tree, records(3, ['g', 'h', 'i', 'j', 'k', 'l']));
    expect(tree.root).not.toBe(firstRoot);
    expect(shapesBelow(tree.root)).toBeLessThanOrEqual(10);
  });

  it('starts afresh past maxFactories', () => {
    const tree = new ShapeTree({ maxFactories: 2 });
    const firstRoot = tree.root;
    for (const key of ['p', 'q', 'r']) parseWith(tree, records(8, [key, 'x']));
    expect(tree.root).not.toBe(firstRoot);
  });

  it('gives a shape no more than maxChildren children (the root excepted)', () => {
    const tree = new ShapeTree({ maxChildren: 3 });
    for (const second of ['b1', 'b2', 'b3', 'b4', 'b5']) parseWith(tree, `{"a":1,"${second}":2}`);
    expect(childrenOf(childOf(tree.root, 'a')!).length).toBe(3);
    for (const first of ['c1', 'c2', 'c3', 'c4', 'c5']) parseWith(tree, `{"${first}":1}`);
    expect(childrenOf(tree.root).length).toBe(6);
  });

  it('stops growing an object after freshKeysBeforeMap new shapes in a row', () => {
    const tree = new ShapeTree({ freshKeysBeforeMap: 2 });
    parseWith(tree, '{"m1":1,"m2":2,"m3":3,"m4":4}');
    expect(shapesBelow(tree.root)).toBe(2);
    // The same record met again grows two keys further each time, until it is whole.
    parseWith(tree, '{"m1":1,"m2":2,"m3":3,"m4":4}');
    expect(shapesBelow(tree.root)).toBe(4);
    const m4 = childOf(childOf(childOf(childOf(tree.root, 'm1'), 'm2'), 'm3'), 'm4');
    expect(m4).toBeDefined();
    expect(m4).not.toBe(WIDE);
  });

  it('finds a lone child without a Map, and every child once a second one comes', () => {
    const tree = new ShapeTree();
    parseWith(tree, '[{"a":1,"b":2},{"a":1,"b":2}]');
    const a = childOf(tree.root, 'a')!;
    expect(a.children).toBeUndefined();
    expect(childrenOf(a).map((child) => child.key)).toEqual(['b']);
    parseWith(tree, '[{"a":1,"c":3},{"a":1,"b":2},{"a":1,"c":3},{"a":1,"d":4}]');
    expect([...a.children!.keys()]).toEqual(['b', 'c', 'd']);
    expect(shapesBelow(tree.root)).toBe(4);
  });

  it('counts a lone child against maxChildren', () => {
    const tree = new ShapeTree({ maxChildren: 1 });
    parseWith(tree, '[{"a":1,"b":2},{"a":1,"c":3},{"a":1,"b":2},{"a":1,"c":3}]');
    expect(childrenOf(childOf(tree.root, 'a')!).map((child) => child.key)).toEqual(['b']);
    expect(childOf(tree.root, 'a')!.children).toBeUndefined();
  });

  it('keeps trees apart', () => {
    const small = new ShapeTree({ maxShapes: 4 });
    const other = new ShapeTree();
    parseWith(small, '{"only":1}');
    expect(childrenOf(other.root)).toEqual([]);
  });
});

describe('ShapeTree factories', () => {
  it('compiles a shape on its fifth use, into a factory that builds it from its first call', () => {
    const tree = new ShapeTree();
    for (let parse = 0; parse < 4; parse++) parseWith(tree, '{"x":1,"y":[2]}');
    const shape = shapeOf(tree, ['x', 'y'])!;
    expect(shape.factory).toBeUndefined();
    expect(parseWith(tree, '{"x":"a","y":{"z":null}}')).toEqual({ x: 'a', y: { z: null } });
    expect(shape.factory).toBeDefined();
    expect(tree.factoryCount).toBe(1);
    expect(shape.factory!(['p', 'q', 'r'], 1)).toEqual({ x: 'q', y: 'r' });
  });

  it('never compiles a shape with a __proto__ key', () => {
    const tree = new ShapeTree();
    const text = '[{"__proto__":1,"a":2},{"b":1,"__proto__":{"c":3}}]';
    for (let parse = 0; parse < 8; parse++) parseWith(tree, text);
    parseWith(tree, records(8, ['__proto__']));
    expect(shapeOf(tree, ['__proto__', 'a'])!.factory).toBeUndefined();
    expect(shapeOf(tree, ['b', '__proto__'])!.factory).toBeUndefined();
    expect(shapeOf(tree, ['__proto__'])!.factory).toBeUndefined();
    // The object under the second "__proto__" key has one, as any other.
    expect(shapeOf(tree, ['c'])!.factory).toBeDefined();
    expect(tree.factoryCount).toBe(1);
  });
});

describe('ShapeTree growth of map-like objects', () => {
  const limit = 8;

  it('learns freshKeysBeforeMap keys of a map in the parse that meets it first', () => {
    const tree = new ShapeTree({ freshKeysBeforeMap: limit });
    const keys = dataKeys('m', 40);
    parseWith(tree, objectOf(keys));
    expect(shapeOf(tree, keys.slice(0, limit))).toBeDefined();
    expect(shapeOf(tree, keys.slice(0, limit + 1))).toBeUndefined();
  });

  it('learns the rest of the same map when the next parse meets it again', () => {
    const tree = new ShapeTree({ freshKeysBeforeMap: limit });
    const keys = dataKeys('m', 40);
    parseWith(tree, objectOf(keys));
    parseWith(tree, objectOf(keys));
    expect(shapeOf(tree, keys)).toBeDefined();
    expect(shapesBelow(tree.root)).toBe(40);
  });

  it('learns only freshKeysBeforeMap more keys of a map that leaves the learnt run where it branches', () => {
    const tree = new ShapeTree({ freshKeysBeforeMap: limit });
    const first = dataKeys('m', 40);
    parseWith(tree, objectOf(first));
    parseWith(tree, objectOf(first));
    // The same first keys, then other ones: the run leaves the tree where it already has a child.
    const other = [...first.slice(0, 12), ...dataKeys('n', 28)];
    parseWith(tree, objectOf(other));
    expect(shapeOf(tree, other.slice(0, 12 + limit))).toBeDefined();
    expect(shapeOf(tree, other.slice(0, 12 + limit + 1))).toBeUndefined();
    expect(shapesBelow(tree.root)).toBe(40 + limit);
  });

  it('does not count a short known run as a map met again', () => {
    const tree = new ShapeTree({ freshKeysBeforeMap: limit });
    const keys = ['a', 'b', ...dataKeys('m', 30)];
    parseWith(tree, objectOf(['a', 'b']));
    parseWith(tree, objectOf(keys));
    expect(shapesBelow(tree.root)).toBe(2 + limit);
  });

  it('learns the maps nested in a map whole too, when the document is read again', () => {
    const tree = new ShapeTree({ freshKeysBeforeMap: limit });
    const outer = dataKeys('o', 12);
    const inner = (key: string) => dataKeys(`${key}i`, 30);
    const text = `{${outer.map((key) => `"${key}":${objectOf(inner(key))}`).join(',')}}`;
    parseWith(tree, text);
    for (const key of outer) expect(shapeOf(tree, inner(key).slice(0, limit + 1))).toBeUndefined();
    parseWith(tree, text);
    expect(shapeOf(tree, outer)).toBeDefined();
    for (const key of outer) expect(shapeOf(tree, inner(key))).toBeDefined();
  });
});
