// The browser build's buffers grow by doubling (array-scratch.ts, doubledBuffer): the new half of a
// general buffer must hold no value of the parse either.
import { vi } from 'vitest';

vi.mock('../../src/platform/browser-build.js', () => ({ BROWSER_BUILD: true }));

const { parseBinary } = await import('../../src/parse/parse-binary.js');
const { describeScratchRelease } = await import('./scratch-release-cases.js');

describeScratchRelease('browser build', parseBinary);
