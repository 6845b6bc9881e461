// Whether the process started with glibc's mmap threshold fixed, by `MALLOC_MMAP_THRESHOLD_` or
// `GLIBC_TUNABLES=glibc.malloc.mmap_threshold=...`. glibc then never moves the threshold by itself,
// and decoders' temporary buffers cannot leave the heap holding freed memory (utf8.ts). A function,
// not a constant read at load: Deno asks for a permission to read the environment, so its callers
// ask only where the answer matters (Node 26). Always false in the browser build.
import { BROWSER_BUILD } from './browser-build.js';

/** Whether `environment` (a process's variables) fixes glibc's mmap threshold. */
export function fixesMmapThreshold(environment: Readonly<Record<string, string | undefined>>): boolean {
  const threshold = environment.MALLOC_MMAP_THRESHOLD_;
  if (threshold !== undefined && /^\d+$/.test(threshold)) return true;
  const tunables = environment.GLIBC_TUNABLES;
  return tunables !== undefined && /(?:^|:)glibc\.malloc\.mmap_threshold=\d+(?::|$)/.test(tunables);
}

/** Whether this process started with glibc's mmap threshold fixed; false where the environment cannot be read. */
export function processFixesMmapThreshold(): boolean {
  if (BROWSER_BUILD || typeof process !== 'object' || process === null) return false;
  try {
    return fixesMmapThreshold(process.env);
  } catch {
    // An environment the runtime will not show fixes nothing we know of.
    return false;
  }
}
