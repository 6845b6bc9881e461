// Byte values the tokenizer compares against, named so that the parser reads like the grammar.
export const TAB = 0x09;
export const LINE_FEED = 0x0a;
export const CARRIAGE_RETURN = 0x0d;
export const SPACE = 0x20;
export const QUOTE = 0x22;
export const PLUS = 0x2b;
export const COMMA = 0x2c;
export const MINUS = 0x2d;
export const DOT = 0x2e;
export const SLASH = 0x2f;
export const DIGIT_0 = 0x30;
export const DIGIT_1 = 0x31;
export const DIGIT_9 = 0x39;
export const COLON = 0x3a;
export const UPPER_E = 0x45;
export const OPEN_BRACKET = 0x5b;
export const BACKSLASH = 0x5c;
export const CLOSE_BRACKET = 0x5d;
export const LOWER_A = 0x61;
export const LOWER_E = 0x65;
export const LOWER_F = 0x66;
export const LOWER_L = 0x6c;
export const LOWER_N = 0x6e;
export const LOWER_R = 0x72;
export const LOWER_S = 0x73;
export const LOWER_T = 0x74;
export const LOWER_U = 0x75;
export const OPEN_BRACE = 0x7b;
export const CLOSE_BRACE = 0x7d;
/** The UTF-8 byte order mark, EF BB BF, which TextDecoder skips at the start of a document. */
export const BOM_0 = 0xef;
export const BOM_1 = 0xbb;
export const BOM_2 = 0xbf;

/** True for the four bytes JSON allows between tokens. */
export function isWhitespace(byte: number): boolean {
  // Most bytes tested are above the space: one comparison settles them.
  return byte <= SPACE && (byte === SPACE || byte === LINE_FEED || byte === CARRIAGE_RETURN || byte === TAB);
}
