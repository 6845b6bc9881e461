// A constant of its own module, which imports nothing: small-document-limits.ts, which the tests'
// setup loads first, shares it with index-objects.ts.

/**
 * Longest text the library hands to JSON.parse: within the longest string of every engine (V8's
 * on 32-bit systems, 2^28 - 16 characters, is the shortest), since a text of N bytes has at most N
 * characters.
 */
export const MAX_TEXT_BYTES = (1 << 28) - 16;
