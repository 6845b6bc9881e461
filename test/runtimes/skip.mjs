// The convention for a smoke suite that only makes sense on some runtimes: it calls
// skipUnless(...) first; elsewhere that prints `skipped: <reason>` and ends the script with exit
// code 0, and the matrix runner shows "skip" instead of a count.

/** `'bun'`, `'deno'` or `'node'`: the runtime executing this script. */
export function currentRuntime() {
  if (typeof globalThis.Bun !== 'undefined') return 'bun';
  if (typeof globalThis.Deno !== 'undefined') return 'deno';
  return 'node';
}

/** Ends the script as skipped unless it runs on one of `runtimes` (e.g. `['bun']`). */
export function skipUnless(runtimes, reason = `only for ${runtimes.join(', ')}`) {
  if (runtimes.includes(currentRuntime())) return;
  console.log(`skipped: ${reason}`);
  process.exit(0);
}
