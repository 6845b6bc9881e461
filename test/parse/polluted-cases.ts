// Shared by the polluted-prototype tests of the Node and browser builds: documents that reach
// every growth path of the parser's working arrays, and ways to pollute the prototypes.
import { expect } from 'vitest';
import { CHUNK_LENGTH } from '../../src/parse/array-scratch.js';
import type { ParseBinaryResult as ParseResult } from '../../src/parse/types.js';
import { jsonDifference, utf8 } from './oracle.js';

export const objectPrototype = Object.prototype as unknown as Record<PropertyKey, unknown>;
export const arrayPrototype = Array.prototype as unknown as Record<PropertyKey, unknown>;
export const INDEXES = [0, 1, 2, 3, 4, 5, 7, 8, 15, 16, 17, 24, 31, 32, 33, 63, 64, 65, 100, 4095, 4096, 4097, 5000];

/** Documents that reach each working array's growth; each is parsed several times (shapes get factories). */
const texts = [
  '{"a":1,"b":2,"c":3,"d":4,"e":5}',
  '[1,2,3,4,5,6]',
  '[[1,2,3,4,5],["a","b","c","d","e"],[0.5,1.5,2.5],[]]',
  JSON.stringify(Array.from({ length: 40 }, (_, index) => ({ [`k${index % 7}`]: [index, { y: index, z: [index] }] }))),
  JSON.stringify(Object.fromEntries(Array.from({ length: 300 }, (_, index) => [`key${index}`, index]))),
  JSON.stringify(Object.fromEntries(Array.from({ length: 5000 }, (_, index) => [`${index}`, index]))),
  JSON.stringify(Array.from({ length: 2 * CHUNK_LENGTH + 5 }, (_, index) => index * 0.5)),
  JSON.stringify(Array.from({ length: 2 * CHUNK_LENGTH + 5 }, (_, index) => (index % 3 ? index : `s${index}`))),
  JSON.stringify([Array.from({ length: CHUNK_LENGTH + 1 }, (_, index) => index), Array.from({ length: CHUNK_LENGTH + 1 }, (_, index) => `${index}`)]),
  `${'['.repeat(100)}1,"x",{"a":[2]}${']'.repeat(100)}`,
  `${'{"a":'.repeat(100)}[1,2,3]${'}'.repeat(100)}`,
];
const ROUNDS = 6;

/** Parses every text ROUNDS times, keeping each result in slots made before any pollution. */
export function parseAll(parse: (bytes: Uint8Array) => ParseResult): ParseResult[] {
  const results: ParseResult[] = Array.from({ length: texts.length * ROUNDS }, () => ({ ok: true, value: undefined }));
  const inputs = texts.map(utf8);
  for (let round = 0; round < ROUNDS; round++) {
    for (let index = 0; index < texts.length; index++) results[round * texts.length + index] = parse(inputs[index]);
  }
  return results;
}

export function expectAllRight(results: ParseResult[]): void {
  for (let slot = 0; slot < results.length; slot++) {
    const text = texts[slot % texts.length];
    const result = results[slot];
    expect(result.ok ? undefined : result.message, text.slice(0, 40)).toBeUndefined();
    expect(jsonDifference(result.ok && result.value, JSON.parse(text)), text.slice(0, 40)).toBeUndefined();
  }
}

/** Removes every index this file may have put on the prototypes. */
export function cleanPrototypes(): void {
  for (const index of INDEXES) {
    delete objectPrototype[index];
    delete arrayPrototype[index];
  }
  delete arrayPrototype[Symbol.isConcatSpreadable];
}

/** Prototype pollution as it happens: plain assignment, through a vulnerable merge. */
export function polluteByAssignment(): void {
  for (const index of INDEXES) {
    objectPrototype[index] = 'polluted';
    arrayPrototype[index] = 'polluted';
  }
}
