// Constants of their own module, which imports nothing: whole-document-limits.ts, which the tests'
// setup loads first, shares them with index-objects.ts and large-subtrees.ts.

/**
 * Longest text the library hands to JSON.parse: within the longest string of every engine (V8's
 * on 32-bit systems, 2^28 - 16 characters, is the shortest), since a text of N bytes has at most N
 * characters.
 */
export const MAX_TEXT_BYTES = (1 << 28) - 16;

/**
 * Longest text made for JSON.parse outside the browser build, a whole document's
 * (whole-document-limits.ts) or a subtree's (large-subtrees.ts): 4 MiB, 8 MiB as UTF-16. A parse
 * is synchronous, so a server holds at most one such text at a time, however many requests wait.
 */
export const MAX_ROUTED_TEXT_BYTES = 4 << 20;
