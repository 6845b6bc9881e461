import type { Shape } from '../../src/parse/object-shapes.js';

/** The children of `shape`: a shape with one child keeps it as `lastChild` alone, with no Map. */
export function childrenOf(shape: Shape): Shape[] {
  if (shape.children !== undefined) return [...shape.children.values()];
  return shape.lastChild === undefined ? [] : [shape.lastChild];
}

/** The child of `shape` reached by `key`, if the tree has made it. */
export function childOf(shape: Shape | undefined, key: string): Shape | undefined {
  return childrenOf(shape ?? ({ children: undefined, lastChild: undefined } as unknown as Shape)).find((child) => child.key === key);
}

/** How many shapes lie below `shape`. */
export function shapesBelow(shape: Shape): number {
  let count = 0;
  for (const child of childrenOf(shape)) count += 1 + shapesBelow(child);
  return count;
}

/** The shape that `keys` lead to from `start` (a tree's root), if the tree has made it. */
export function shapeAt(start: Shape, keys: string[]): Shape | undefined {
  let shape: Shape | undefined = start;
  for (const key of keys) shape = childOf(shape, key);
  return shape;
}
