import { constants } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { parseBinary } from '../../src/parse/parse-binary.js';

/**
 * An array of `count` ASCII strings of `length` characters each, written straight into bytes:
 * the document never exists as a JavaScript string.
 */
function arrayOfStrings(count: number, length: number): Uint8Array {
  const itemSize = length + 3; // quotes and a comma
  const bytes = new Uint8Array(count * itemSize + 1);
  const item = new Uint8Array(itemSize);
  item[0] = 0x22;
  for (let index = 1; index <= length; index++) item[index] = 0x61 + (index % 26);
  item[length + 1] = 0x22;
  item[length + 2] = 0x2c;
  bytes[0] = 0x5b;
  for (let index = 0; index < count; index++) bytes.set(item, 1 + index * itemSize);
  bytes[bytes.length - 1] = 0x5d; // replaces the last comma
  return bytes;
}

describe('documents larger than the maximum string length', () => {
  it('parse, where decoding to one string cannot', () => {
    const length = 64 * 1024;
    const count = Math.ceil((constants.MAX_STRING_LENGTH + 1024 * 1024) / (length + 3));
    const bytes = arrayOfStrings(count, length);
    expect(bytes.length).toBeGreaterThan(constants.MAX_STRING_LENGTH);

    expect(() => new TextDecoder().decode(bytes)).toThrow();

    const result = parseBinary(bytes);
    expect(result.ok).toBe(true);
    const value = (result.ok ? result.value : []) as string[];
    expect(value.length).toBe(count);
    expect(value[0].length).toBe(length);
    expect(value[count - 1]).toBe(value[0]);
    expect(value[0].slice(0, 4)).toBe('bcde');
  }, 120_000);
});
