// The browser build under prototype pollution by assignment. Its working arrays grow by assignment
// (the size cap leaves no room for own-slot growth), which pollution cannot disturb: an inherited
// writable data property makes the store an own property. Accessors defined on the prototypes on
// purpose are the documented exception (README, parseBinary).
import { afterEach, describe, it, vi } from 'vitest';

vi.mock('../../src/platform/browser-build.js', () => ({ BROWSER_BUILD: true }));

const { parseBinary } = await import('../../src/parse/parse-binary.js');
const { cleanPrototypes, expectAllRight, parseAll, polluteByAssignment } = await import('./polluted-cases.js');

afterEach(cleanPrototypes);

describe('browser build: a program whose prototypes were polluted', () => {
  it('gets JSON.parse values', () => {
    polluteByAssignment();
    const results = parseAll(parseBinary);
    cleanPrototypes();
    expectAllRight(results);
  });
});
