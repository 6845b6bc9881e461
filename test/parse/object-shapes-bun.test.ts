// The parser loop's own read of a guessed later key, and its call of an object's factory, which only
// Bun takes (parser.ts): the same cases as on V8, with the modules loaded as on Bun.
import { vi } from 'vitest';

vi.mock('../../src/platform/on-bun.js', () => ({ ON_BUN: true }));

const { parseBinary } = await import('../../src/parse/parse-binary.js');
const { describeLaterKeys } = await import('./later-keys-cases.js');

describeLaterKeys('Bun: read in the parser loop', parseBinary);
