// kept-copy.test.ts again, with the input check and string tables Bun gets (process.versions.bun set when the modules load).
export {};

const bunVersion = process.versions.bun;
process.versions.bun = bunVersion ?? 'test';
await import('./kept-copy.test.js');
// The modules read it once, when they load; later test files in this worker must not see it.
if (bunVersion === undefined) delete (process.versions as { bun?: string }).bun;
