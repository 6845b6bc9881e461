import { afterEach, describe, expect, it } from 'vitest';
import { OwnStack, widened } from '../../src/parse/own-slots.js';

const arrayPrototype = Array.prototype as unknown as Record<PropertyKey, unknown>;

describe('widened', () => {
  afterEach(() => {
    delete arrayPrototype[Symbol.isConcatSpreadable];
  });

  it('keeps the elements, fills the new slots, and returns the same array when it is long enough', () => {
    const slots = [1, 2, 3];
    expect(widened(slots, 2, 0)).toBe(slots);
    const wider = widened(slots, 7, 0);
    expect(wider.slice(0, 3)).toEqual([1, 2, 3]);
    expect(wider.length).toBeGreaterThanOrEqual(7);
    expect(wider.slice(3).every((slot) => slot === 0)).toBe(true);
    expect(slots).toEqual([1, 2, 3]);
  });

  it('starts an empty array from one slot', () => {
    expect(widened<string>([], 1, 'x')).toEqual(['x']);
    expect(widened<string>([], 5, 'x').every((slot) => slot === 'x')).toBe(true);
  });

  it('makes own slots only, with no holes', () => {
    const wider = widened(['a'], 100, 'b');
    for (let index = 0; index < wider.length; index++) expect(Object.hasOwn(wider, index)).toBe(true);
  });

  it('still widens where a program made arrays unspreadable to concat', () => {
    const lengths = [1, 2, 3, 9];
    const inputs = lengths.map((length) => Array.from({ length }, (_, index) => index + 1));
    arrayPrototype[Symbol.isConcatSpreadable] = false;
    // Kept as plain copies: the assertions below run after concat works again.
    const outputs = inputs.map((slots) => widened(slots, 4 * slots.length + 1, 0));
    delete arrayPrototype[Symbol.isConcatSpreadable];
    outputs.forEach((wider, which) => {
      const slots = inputs[which];
      expect(wider.slice(0, slots.length)).toEqual(slots);
      expect(wider.length).toBeGreaterThanOrEqual(4 * slots.length + 1);
      expect(wider.slice(slots.length).every((slot) => slot === 0)).toBe(true);
    });
  });
});

describe('OwnStack', () => {
  it('pushes and pops in order, growing past its first room, and lets go of what it popped', () => {
    const stack = new OwnStack<object | undefined>(undefined);
    const items = Array.from({ length: 20 }, (_, index) => ({ index }));
    for (const item of items) stack.push(item);
    expect(stack.length).toBe(20);
    expect(stack.pop()).toBe(items[19]);
    expect(stack.items[19]).toBeUndefined();
    stack.truncate(3);
    expect(stack.items.slice(0, 3)).toEqual(items.slice(0, 3));
    expect(stack.items.slice(3).every((slot) => slot === undefined)).toBe(true);
    stack.truncate(0);
    expect(stack.pop()).toBeUndefined();
  });
});
