import { ANY_SHAPE_MAX_BYTES, STRING_DOCUMENT_MAX_BYTES, WHOLE_DOCUMENT_LIMITS } from '../../src/parse/whole-document-limits.js';

/**
 * Runs `check` with whole documents handed to the engine's JSON.parse, as they are outside the
 * tests (test/setup.ts turns the route off for the suites), then turns it off again.
 */
export function withWholeDocumentRoute<T>(check: () => T): T {
  const before = { ...WHOLE_DOCUMENT_LIMITS };
  WHOLE_DOCUMENT_LIMITS.anyShapeMaxBytes = ANY_SHAPE_MAX_BYTES;
  WHOLE_DOCUMENT_LIMITS.stringDocumentMaxBytes = STRING_DOCUMENT_MAX_BYTES;
  try {
    return check();
  } finally {
    Object.assign(WHOLE_DOCUMENT_LIMITS, before);
  }
}
