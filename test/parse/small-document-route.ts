import { SMALL_DOCUMENT_LIMITS, SMALL_DOCUMENT_MAX_BYTES, STRING_DOCUMENT_MAX_BYTES } from '../../src/parse/small-document-limits.js';

/**
 * Runs `check` with small documents handed to the engine's JSON.parse, as they are outside the
 * tests (test/setup.ts turns the route off for the suites), then turns it off again.
 */
export function withSmallDocumentRoute<T>(check: () => T): T {
  const before = { ...SMALL_DOCUMENT_LIMITS };
  SMALL_DOCUMENT_LIMITS.maxBytes = SMALL_DOCUMENT_MAX_BYTES;
  SMALL_DOCUMENT_LIMITS.stringDocumentMaxBytes = STRING_DOCUMENT_MAX_BYTES;
  try {
    return check();
  } finally {
    Object.assign(SMALL_DOCUMENT_LIMITS, before);
  }
}
