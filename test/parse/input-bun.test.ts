// input.test.ts again, with the input check Bun gets (process.versions.bun set when the modules
// load): the kind of a view guessed from its prototype, confirmed by its getter.
export {};

const bunVersion = process.versions.bun;
process.versions.bun = bunVersion ?? 'test';
await import('./input.test.js');
// The modules read it once, when they load; later test files in this worker must not see it.
if (bunVersion === undefined) delete (process.versions as { bun?: string }).bun;
