import { describe, expect, it } from 'vitest';
import { mostlyStrings } from '../../src/parse/string-sample.js';
import { utf8 } from './oracle.js';

const mostly = (text: string) => {
  const bytes = utf8(text);
  return mostlyStrings(bytes, 0, bytes.length);
};

describe('the string sample of a document\'s first 4 KB', () => {
  it('finds mostly strings in messages and prose, not in numbers', () => {
    const messages = JSON.stringify(Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`message_${i}`, `Cannot find the name '{${i}}' in the module, did you mean {${i + 1}}?`])));
    expect(mostly(messages)).toBe(true);
    const numbers = JSON.stringify(Array.from({ length: 1000 }, (_, i) => [i * 1.5, -i]));
    expect(mostly(numbers)).toBe(false);
  });

  it('leaves indentation out of the share', () => {
    const tree = JSON.stringify(Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`command-${i}`, { capsule: `does thing ${i}` }])), null, 12);
    expect(mostly(tree)).toBe(true);
    expect(mostly(JSON.stringify(JSON.parse(tree)))).toBe(true);
  });

  it('reads only the first 4 KB', () => {
    const strings = JSON.stringify(Array.from({ length: 100 }, (_, i) => `a long enough string, number ${i}, for the sample`));
    const numbers = JSON.stringify(Array.from({ length: 3000 }, (_, i) => i));
    expect(mostly(`[${strings},${numbers}]`)).toBe(true);
    expect(mostly(`[${numbers},${strings}]`)).toBe(false);
  });

});
