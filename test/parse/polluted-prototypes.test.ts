import { afterEach, describe, expect, it } from 'vitest';
import { parseBinary } from '../../src/parse/parse-binary.js';
import { arrayPrototype, cleanPrototypes, expectAllRight, INDEXES, parseAll, polluteByAssignment } from './polluted-cases.js';

// A program whose prototypes carry indexed properties: prototype pollution (`Object.prototype[0] =
// 'x'` through a vulnerable merge) or an accessor defined on purpose. JSON.parse is immune to both;
// the parser must be too, though it keeps its working arrays between parses (own-slots.ts).
// This file runs in a module of its own, so the parser's buffers start small here and every
// growth path (property stack, element buffers, frames, chunks, spare chunks) runs while polluted.

afterEach(cleanPrototypes);

describe('a program whose prototypes hold indexed properties', () => {
  it('gets JSON.parse values after prototype pollution by assignment', () => {
    polluteByAssignment();
    const results = parseAll(parseBinary);
    cleanPrototypes();
    expectAllRight(results);
  });

  it('gets JSON.parse values, and no setter runs, with index accessors on both prototypes', () => {
    let calls = 0;
    for (const index of INDEXES) {
      for (const prototype of [Object.prototype, Array.prototype]) {
        Object.defineProperty(prototype, index, { get: () => 'inherited', set: () => void calls++, configurable: true });
      }
    }
    const results = parseAll(parseBinary);
    cleanPrototypes();
    expect(calls).toBe(0);
    expectAllRight(results);
  });

  it('gets JSON.parse values with index accessors and arrays unspreadable to concat', () => {
    for (const index of INDEXES) Object.defineProperty(Array.prototype, index, { get: () => 'inherited', set: () => {}, configurable: true });
    arrayPrototype[Symbol.isConcatSpreadable] = false;
    const results = parseAll(parseBinary);
    cleanPrototypes();
    expectAllRight(results);
  });
});
