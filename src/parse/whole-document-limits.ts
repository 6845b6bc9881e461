// The limits of whole-documents.ts, in a module of its own that imports no parser module, so that
// the tests' setup can set them without loading the parser (or the build flag) before a test fakes
// its engine.
import { MAX_ROUTED_TEXT_BYTES, MAX_TEXT_BYTES } from './text-limits.js';

/**
 * Longest document of any shape handed whole to JSON.parse: MAX_ROUTED_TEXT_BYTES (4 MiB). On every engine measured, JSON.parse of the decoded text beat the
 * parser on nearly every shape up to that size. Time over native's pipeline, geometric means of the
 * classic, real-world, look-alike and hostile sets, parser → route, one process each: Node 24 1.56,
 * 1.36, 1.62, 1.27 → 1.03, 1.04, 1.05, 1.06; Node 26 1.36, 1.37, 1.78, 1.40 → 1.06, 1.06, 1.07,
 * 1.00; Deno alike; Node 22 alike but for its classic set, 0.78 → 0.95 (bench/NOTES.md, round 33,
 * `node bench/run.js --runtime <name> --only realworld --processes 1 --library <build>`). Past it,
 * the parser reads the bytes and makes no document-sized text, which is where a server feels it.
 * The browser build took only 64 KB until round 39, for records of numbers, which Chromium's parser
 * reads faster (citm_catalog 0.77); at 4 MiB Chromium 150's hostile set read 1.49 → 1.10, the
 * classic 1.01 → 1.02 (canada 1.30 → 1.01), the others alike (bench/NOTES.md, round 39,
 * `node bench/run.js --runtime chromium --processes 1`).
 */
export const ANY_SHAPE_MAX_BYTES = MAX_ROUTED_TEXT_BYTES;

/** Longest document mostly of strings that the browser build hands whole to JSON.parse, past ANY_SHAPE_MAX_BYTES. */
export const STRING_DOCUMENT_MAX_BYTES = MAX_TEXT_BYTES;

/**
 * The limits in force. Mutable for the tests alone: their suites set them to 0 to reach the parser
 * (test/setup.ts), and the route's own tests set them back.
 */
export const WHOLE_DOCUMENT_LIMITS: { anyShapeMaxBytes: number; stringDocumentMaxBytes: number; documentRunsAfterBytes: number } = {
  anyShapeMaxBytes: ANY_SHAPE_MAX_BYTES,
  stringDocumentMaxBytes: STRING_DOCUMENT_MAX_BYTES,
  /** Longer documents that are one array or object mostly of strings go to JSON.parse in runs (document-runs.ts). */
  documentRunsAfterBytes: ANY_SHAPE_MAX_BYTES,
};
