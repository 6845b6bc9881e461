// patched-views.test.ts again, with the browser build's paths (views instead of the kept copy, TextDecoder).
import { vi } from 'vitest';

vi.mock('../../src/platform/browser-build.js', () => ({ BROWSER_BUILD: true }));

await import('./patched-views.test.js');
