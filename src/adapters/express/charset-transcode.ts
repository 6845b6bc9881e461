/** The charsets a JSON body may come in (RFC 7159 §8.1, as body-parser accepts them). */
export type JsonCharset = 'utf-8' | 'utf-16le' | 'utf-16be' | 'utf-32le' | 'utf-32be';

const NAMED: Readonly<Record<string, JsonCharset | 'utf-16' | 'utf-32'>> = {
  'utf-8': 'utf-8',
  'utf-16': 'utf-16',
  'utf-16le': 'utf-16le',
  'utf-16be': 'utf-16be',
  'utf-32': 'utf-32',
  'utf-32le': 'utf-32le',
  'utf-32be': 'utf-32be',
};

/** Whether a (lower-cased) charset name is one we decode; any other is refused with 415. */
export function isSupportedCharset(name: string): boolean {
  return NAMED[name] !== undefined;
}

/**
 * The byte order of a body in `charset`: a byte order mark decides (and wins over a declared
 * order, as iconv-lite lets it); without one, the declared order, or for plain `utf-16`/`utf-32`
 * the order whose zero bytes fall where ASCII text puts them (little-endian when unsure).
 */
function resolveCharset(name: string, bytes: Uint8Array): { charset: JsonCharset; bomLength: number } {
  const named = NAMED[name];
  const [b0, b1, b2, b3] = bytes;
  if (named === 'utf-8') return { charset: 'utf-8', bomLength: b0 === 0xef && b1 === 0xbb && b2 === 0xbf ? 3 : 0 };
  if (named === 'utf-32' || named === 'utf-32le' || named === 'utf-32be') {
    if (b0 === 0xff && b1 === 0xfe && b2 === 0 && b3 === 0) return { charset: 'utf-32le', bomLength: 4 };
    if (b0 === 0 && b1 === 0 && b2 === 0xfe && b3 === 0xff) return { charset: 'utf-32be', bomLength: 4 };
    if (named !== 'utf-32') return { charset: named, bomLength: 0 };
    return { charset: b0 === 0 && b3 !== 0 ? 'utf-32be' : 'utf-32le', bomLength: 0 };
  }
  if (b0 === 0xff && b1 === 0xfe) return { charset: 'utf-16le', bomLength: 2 };
  if (b0 === 0xfe && b1 === 0xff) return { charset: 'utf-16be', bomLength: 2 };
  if (named !== 'utf-16') return { charset: named as JsonCharset, bomLength: 0 };
  return { charset: b0 === 0 && b1 !== 0 ? 'utf-16be' : 'utf-16le', bomLength: 0 };
}

function codeUnits16(bytes: Uint8Array, start: number, bigEndian: boolean): string {
  const parts: string[] = [];
  const units: number[] = [];
  for (let i = start; i + 1 < bytes.length; i += 2) {
    units.push(bigEndian ? (bytes[i] << 8) | bytes[i + 1] : bytes[i] | (bytes[i + 1] << 8));
    // fromCharCode takes its units as arguments: bounded batches stay clear of the argument limit.
    if (units.length === 8192) parts.push(String.fromCharCode(...units.splice(0)));
  }
  parts.push(String.fromCharCode(...units));
  return parts.join('');
}

function codePoints32(bytes: Uint8Array, start: number, bigEndian: boolean): string {
  const parts: string[] = [];
  const points: number[] = [];
  for (let i = start; i + 3 < bytes.length; i += 4) {
    const point = bigEndian
      ? ((bytes[i] << 24) | (bytes[i + 1] << 16) | (bytes[i + 2] << 8) | bytes[i + 3]) >>> 0
      : ((bytes[i + 3] << 24) | (bytes[i + 2] << 16) | (bytes[i + 1] << 8) | bytes[i]) >>> 0;
    points.push(point > 0x10ffff ? 0xfffd : point);
    if (points.length === 8192) parts.push(String.fromCodePoint(...points.splice(0)));
  }
  parts.push(String.fromCodePoint(...points));
  return parts.join('');
}

/** A body in one of the JSON charsets, as UTF-8 bytes without a byte order mark, and as text on demand. */
export interface Utf8Body {
  bytes: Uint8Array;
  /** The body as a string, for error reports only. */
  text(): string;
}

/**
 * Brings a body in `charset` to UTF-8 for the parser. UTF-8 costs nothing (a BOM is skipped by a
 * view); UTF-16 and UTF-32, rare in practice, go through a string once.
 */
export function toUtf8(bytes: Uint8Array, charset: string): Utf8Body {
  const { charset: resolved, bomLength } = resolveCharset(charset, bytes);
  if (resolved === 'utf-8') {
    const body = bomLength === 0 ? bytes : bytes.subarray(bomLength);
    return { bytes: body, text: () => new TextDecoder().decode(body) };
  }
  const bigEndian = resolved.endsWith('be');
  const text = resolved.startsWith('utf-16')
    ? codeUnits16(bytes, bomLength, bigEndian)
    : codePoints32(bytes, bomLength, bigEndian);
  return { bytes: new TextEncoder().encode(text), text: () => text };
}
