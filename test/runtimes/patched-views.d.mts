// Types of patched-views.mjs for the TypeScript tests (the module stays plain JavaScript, so the
// runtime smoke suites load it as it is).

type Parse = (input: never, options?: { fatal?: boolean }) => { ok: boolean };
type Form = [name: string, make: (bytes: Uint8Array) => unknown];

export function hostileCases(): Array<{ name: string; bytes: Uint8Array; options?: { fatal?: boolean } }>;
export const inputForms: Form[];
export const lyingForms: Form[];
export const prototypePatches: Array<[name: string, patch: () => () => void]>;
export function hostileDifferences(parse: Parse, hostile: () => () => void, forms?: Form[]): string[];
