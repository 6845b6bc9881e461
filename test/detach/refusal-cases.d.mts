// Types for refusal-cases.mjs, which stays plain JavaScript so the smoke script can run it on every runtime.
export type ArrangedRefusal = { value: unknown; untouched: () => void } | { skip: string };

export interface RefusalCase {
  name: string;
  arrange: () => ArrangedRefusal;
}

export function refusalCases(): RefusalCase[];
