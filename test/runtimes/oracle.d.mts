// Types of oracle.mjs for the TypeScript tests (the module itself stays plain JavaScript, so the
// runtime smoke suites and the browser page load it as it is).

export type OracleOutcome = { ok: true; value: unknown } | { ok: false };
export function oracle(bytes: Uint8Array): OracleOutcome;
export function utf8(text: string): Uint8Array;
export function firstDifference(actual: unknown, expected: unknown, path?: string): string | undefined;
export const canParseInFreshRealm: boolean;
export function parseInFreshRealm(text: string): { value: unknown } | undefined;
export function honestDifference(
  actual: unknown,
  expected: unknown,
  bytes: Uint8Array,
): { difference?: string; nativeWrong?: string };
export function random(seed: number): () => number;
export function randomString(next: () => number, maxPieces?: number): string;
export function randomNumber(next: () => number): number;
export function randomValue(next: () => number, depth?: number): unknown;
export function randomNumberText(next: () => number): string;
export function generatedDocuments(seed?: number, count?: number): Array<{ name: string; bytes: Uint8Array }>;
export const INVALID_UTF8: number[][];
