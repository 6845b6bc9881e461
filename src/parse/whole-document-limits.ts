// The limits of whole-documents.ts, in a module of its own that imports no parser module, so that
// the tests' setup can set them without loading the parser (or the build flag) before a test fakes
// its engine.
import { MAX_ROUTED_TEXT_BYTES, MAX_TEXT_BYTES } from './text-limits.js';

/**
 * Longest document of any shape handed whole to JSON.parse outside the browser build:
 * MAX_ROUTED_TEXT_BYTES (4 MiB). On every engine measured, JSON.parse of the decoded text beat the
 * parser on nearly every shape up to that size. Time over native's pipeline, geometric means of the
 * classic, real-world, look-alike and hostile sets, parser → route, one process each: Node 24 1.56,
 * 1.36, 1.62, 1.27 → 1.03, 1.04, 1.05, 1.06; Node 26 1.36, 1.37, 1.78, 1.40 → 1.06, 1.06, 1.07,
 * 1.00; Deno alike; Node 22 alike but for its classic set, 0.78 → 0.95 (bench/NOTES.md, round 33,
 * `node bench/run.js --runtime <name> --only realworld --processes 1 --library <build>`). Past it,
 * the parser reads the bytes and makes no document-sized text, which is where a server feels it.
 */
export const ANY_SHAPE_MAX_BYTES = MAX_ROUTED_TEXT_BYTES;

/**
 * The same in the browser build: 64 KB. In Chromium the parser reads records and numbers faster
 * than JSON.parse (citm_catalog 0.56 with the parser, 1.03 routed, Chromium 150, round 32), so past
 * this size only documents mostly of strings go (whole-documents.ts, `mostlyStrings`).
 */
export const BROWSER_ANY_SHAPE_MAX_BYTES = 64 * 1024;

/** Longest document mostly of strings that the browser build hands whole to JSON.parse. */
export const STRING_DOCUMENT_MAX_BYTES = MAX_TEXT_BYTES;

/**
 * The limits in force. Mutable for the tests alone: their suites set them to 0 to reach the parser
 * (test/setup.ts), and the route's own tests set them back.
 */
export const WHOLE_DOCUMENT_LIMITS: { anyShapeMaxBytes: number; browserAnyShapeMaxBytes: number; stringDocumentMaxBytes: number } = {
  anyShapeMaxBytes: ANY_SHAPE_MAX_BYTES,
  browserAnyShapeMaxBytes: BROWSER_ANY_SHAPE_MAX_BYTES,
  stringDocumentMaxBytes: STRING_DOCUMENT_MAX_BYTES,
};
