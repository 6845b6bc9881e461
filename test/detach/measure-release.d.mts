// Types for measure-release.mjs, which stays plain JavaScript so the smoke script can run it on every runtime.
export interface Release {
  /** Size of the buffer in bytes. */
  size: number;
  /** Milliseconds the detach call took. */
  detachMs: number;
  /** RSS bytes gone right after the call. */
  immediateDrop: number;
  /** RSS bytes gone once three quarters of the buffer were seen to go, or at the time limit. */
  settledDrop: number;
  /** Milliseconds from the call until `settledDrop` was read. */
  settleMs: number;
}

export function residentSetReader(): (() => number) | undefined;

export function measureRelease(
  detach: (buffer: ArrayBuffer) => void,
  options?: { megabytes?: number; settleLimitMs?: number },
): Promise<Release | undefined>;

export function formatRelease(release: Release): string;
