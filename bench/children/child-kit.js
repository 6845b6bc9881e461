// Shared plumbing for the measurement child processes: each child gets its settings as one JSON
// argument, measures one thing in a fresh heap, and prints one JSON line.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** The JSON settings passed as the child's first argument. */
export function readSettings() {
  return JSON.parse(process.argv[2] ?? '{}');
}

/** The library the parent measured (the built dist/index.js unless `--library` said otherwise). */
export async function importLibrary(settings) {
  return import(pathToFileURL(settings.library).href);
}

/** A full garbage collection, or null where the runtime was started without one exposed. */
export const collectGarbage = globalThis.Bun
  ? () => globalThis.Bun.gc(true)
  : typeof globalThis.gc === 'function'
    ? () => {
        globalThis.gc();
        globalThis.gc();
      }
    : null;

/**
 * JavaScript memory in use: the heap plus memory held outside it on the heap's behalf. Node 24
 * keeps large decoded strings outside the heap ("external" strings, counted in `external`), so
 * the heap alone would miss them. Only differences are used, so the input bytes cancel out.
 */
export function javascriptMemory() {
  const usage = process.memoryUsage();
  return usage.heapUsed + (usage.external ?? 0);
}

/**
 * Peak resident set size of this process so far, in bytes. Linux's VmHWM is this process's own
 * high-water mark; getrusage's maxRSS is not trustworthy in a child, because Linux carries the
 * parent's peak over into a freshly started program, so it only serves where /proc is missing.
 */
export function peakRss() {
  const current = process.memoryUsage().rss;
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    const match = /^VmHWM:\s+(\d+) kB/m.exec(status);
    if (match) return Math.max(Number(match[1]) * 1024, current);
  } catch {
    // not Linux: fall back to getrusage
  }
  const fromKernel = typeof process.resourceUsage === 'function' ? process.resourceUsage().maxRSS * 1024 : 0;
  return Math.max(fromKernel, current);
}

/**
 * Records garbage collections where the runtime reports them (PerformanceObserver 'gc': Node).
 * `stop()` waits for pending entries, then returns them (or null when unsupported).
 */
export function watchGarbageCollections() {
  const supported = globalThis.PerformanceObserver?.supportedEntryTypes?.includes('gc');
  if (!supported) return { stop: async () => null };
  const entries = [];
  const observer = new PerformanceObserver((list) => entries.push(...list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  return {
    async stop() {
      // Entries are delivered asynchronously: give them a turn of the event loop, then flush.
      await new Promise((resolve) => setTimeout(resolve, 20));
      entries.push(...observer.takeRecords());
      observer.disconnect();
      return entries.map((entry) => ({ start: entry.startTime, duration: entry.duration, kind: entry.detail?.kind ?? entry.kind }));
    },
  };
}

/** Prints the child's result for the parent to read. */
export function report(result) {
  console.log(JSON.stringify(result));
}

/**
 * What `javascriptMemory()` leaves out of native's decoded text. Node 26 counts the external
 * two-byte strings its decoders make of a text past about 1 MB at half their size (citm_catalog's
 * 3.45 MB text counted 1.64 MB, resident memory grew by 3.45 MB; Node 24 counts it whole:
 * bench/NOTES.md, round 48). The text's true size is its length times its bytes a character; a
 * shortfall of more than a quarter of it is returned, for the caller to add to native's figure.
 */
export function uncountedText(decoder, bytes) {
  collectGarbage();
  const before = javascriptMemory();
  const text = decoder.decode(bytes);
  const reported = javascriptMemory() - before;
  const size = text.length * (/[^\u0000-\u00ff]/.test(text) ? 2 : 1);
  return reported < 0.75 * size ? size - reported : 0;
}
