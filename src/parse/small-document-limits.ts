// The limits of small-documents.ts, in a module of its own that imports no parser module, so that
// the tests' setup can set them without loading the parser before a test fakes its engine.
import { MAX_TEXT_BYTES } from './text-limits.js';

/**
 * Longest input handed to JSON.parse: its text stays below V8's largest object outside the large
 * object space (128 KB) even as UTF-16, so it is made and dropped in the young generation, never on
 * pages of its own. On documents of 16 to 128 KB the route read 1.01 to 1.07 times native where the
 * parser read 1.04 to 1.93 (bench/NOTES.md, round 31).
 */
export const SMALL_DOCUMENT_MAX_BYTES = 64 * 1024;

/** Longest input the browser build hands whole to JSON.parse when it is mostly strings (small-documents.ts). */
export const STRING_DOCUMENT_MAX_BYTES = MAX_TEXT_BYTES;

/**
 * The limits in force. Mutable for the tests alone: their suites set both to 0 to reach the parser
 * (test/setup.ts), and the route's own tests set them back.
 */
export const SMALL_DOCUMENT_LIMITS: { maxBytes: number; stringDocumentMaxBytes: number } = {
  maxBytes: SMALL_DOCUMENT_MAX_BYTES,
  stringDocumentMaxBytes: STRING_DOCUMENT_MAX_BYTES,
};
