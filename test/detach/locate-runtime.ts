// test/runtimes/locate.mjs, typed for the TypeScript tests (it is plain JavaScript, without declarations).
type Locate = (name: 'node20' | 'node22' | 'node24' | 'node26' | 'bun' | 'deno') => { command: string; args: string[] } | undefined;

export const { locateRuntime } = (await import('../runtimes/locate.mjs' as string)) as { locateRuntime: Locate };
