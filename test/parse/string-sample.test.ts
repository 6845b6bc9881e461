import { describe, expect, it } from 'vitest';
import { mostlyStrings, stringsLookLong } from '../../src/parse/string-sample.js';
import { utf8 } from './oracle.js';

const sample = (text: string) => {
  const bytes = utf8(text);
  return { mostly: mostlyStrings(bytes, 0, bytes.length), long: stringsLookLong(bytes, 0, bytes.length) };
};

describe('the string sample of a document\'s first 4 KB', () => {
  it('finds long strings in messages and prose, not in records or numbers', () => {
    const messages = JSON.stringify(Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`message_${i}`, `Cannot find the name '{${i}}' in the module, did you mean {${i + 1}}?`])));
    expect(sample(messages)).toEqual({ mostly: true, long: true });
    const records = JSON.stringify(Array.from({ length: 300 }, (_, id) => ({ id, name: `n${id}`, tag: 'x' })));
    expect(sample(records).long).toBe(false);
    const numbers = JSON.stringify(Array.from({ length: 1000 }, (_, i) => [i * 1.5, -i]));
    expect(sample(numbers)).toEqual({ mostly: false, long: false });
  });

  it('leaves indentation out of the share', () => {
    const tree = JSON.stringify(Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`command-${i}`, { capsule: `does thing ${i}` }])), null, 12);
    expect(sample(tree).mostly).toBe(true);
    expect(sample(JSON.stringify(JSON.parse(tree))).mostly).toBe(true);
  });

  it('reads only the first 4 KB', () => {
    const strings = JSON.stringify(Array.from({ length: 100 }, (_, i) => `a long enough string, number ${i}, for the sample`));
    const numbers = JSON.stringify(Array.from({ length: 3000 }, (_, i) => i));
    expect(sample(`[${strings},${numbers}]`).long).toBe(true);
    expect(sample(`[${numbers},${strings}]`).long).toBe(false);
  });
});
