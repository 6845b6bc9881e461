/** What to do with a dangerous key, as in `secure-json-parse`. */
export type KeyAction = 'ignore' | 'error' | 'remove';

/** Options for {@link parseBinary}. Every option defaults to `JSON.parse`'s own behaviour. */
export interface ParseBinaryOptions {
  /**
   * Fail on invalid UTF-8 instead of replacing it with U+FFFD,
   * like `new TextDecoder('utf-8', { fatal: true })`. Default `false`.
   */
  fatal?: boolean;
  /**
   * The deepest nesting of arrays and objects accepted. A document nested deeper fails.
   * Default: unlimited (the parser never uses the call stack for nesting).
   */
  maxDepth?: number;
  /**
   * A `"__proto__"` key: `'ignore'` keeps it as an own property (as `JSON.parse` does),
   * `'error'` fails the parse, `'remove'` drops the property. Default `'ignore'`.
   */
  protoAction?: KeyAction;
  /**
   * A `"constructor"` key whose value is an object holding a `"prototype"` key:
   * `'ignore'` keeps it, `'error'` fails the parse, `'remove'` drops the property. Default `'ignore'`.
   */
  constructorAction?: KeyAction;
}

/** A successful parse. */
export interface ParseBinarySuccess<T = unknown> {
  ok: true;
  /** Exactly what `JSON.parse(new TextDecoder().decode(bytes))` returns. */
  value: T;
}

/**
 * What kind of problem ended a failed parse, from a closed set (new kinds would be a new version):
 * - `UNEXPECTED_TOKEN`: a byte that cannot come next (a letter where a value belongs, a missing
 *   comma or colon, a bad digit in a number).
 * - `UNEXPECTED_END`: the input ended inside a value (empty input included).
 * - `TRAILING_CONTENT`: something other than whitespace after the one JSON value.
 * - `CONTROL_CHARACTER`: an unescaped control character (U+0000 to U+001F) inside a string.
 * - `INVALID_ESCAPE`: a backslash not followed by one of `" \ / b f n r t u`, or a `\u` without four
 *   hexadecimal digits.
 * - `INVALID_UTF8`: bytes that are not well-formed UTF-8, in `fatal` mode only.
 * - `MAX_DEPTH`: arrays and objects nested deeper than `maxDepth`.
 * - `FORBIDDEN_KEY`: a `__proto__` key or a `constructor.prototype` refused by `protoAction` or
 *   `constructorAction` set to `'error'`.
 * - `ENGINE_LIMIT`: content the JavaScript engine cannot hold, such as a string past its maximum length.
 */
export type ParseFailureCode =
  | 'UNEXPECTED_TOKEN'
  | 'UNEXPECTED_END'
  | 'TRAILING_CONTENT'
  | 'CONTROL_CHARACTER'
  | 'INVALID_ESCAPE'
  | 'INVALID_UTF8'
  | 'MAX_DEPTH'
  | 'FORBIDDEN_KEY'
  | 'ENGINE_LIMIT';

/** A failed parse. Failures are returned, never thrown. */
export interface ParseBinaryFailure {
  ok: false;
  /** The kind of problem, for programs: see {@link ParseFailureCode}. */
  code: ParseFailureCode;
  /** What was found, what was expected, and where (line and column). */
  message: string;
  /** Byte offset of the problem within the input. */
  position: number;
  /** 1-based line of the problem; lines end at LF, CR or CRLF (counted once), as in editors. */
  line: number;
  /**
   * 1-based column of the problem in UTF-16 code units, as editors and V8's `JSON.parse` messages
   * count it (an emoji counts 2, `é` counts 1); a leading BOM is not counted. `position` is the
   * byte offset.
   */
  column: number;
}

/** The result of {@link parseBinary}: `{ ok: true, value }` or `{ ok: false, message, position }`. */
export type ParseBinaryResult<T = unknown> = ParseBinarySuccess<T> | ParseBinaryFailure;

/** Everything {@link parseBinary} accepts as input. */
export type BinaryInput = ArrayBuffer | SharedArrayBuffer | ArrayBufferView;
