import type { IncomingHttpHeaders } from 'node:http';

/** What a `type` option may be: media types (`'application/json'`, `'*\/*'`, `'+json'`, `'json'`) or a test. */
export type TypeOption = string | readonly string[] | ((req: any) => boolean);

// The extension names type-is resolves through mime-types that JSON APIs plausibly use.
const SHORT_NAMES: Readonly<Record<string, string>> = {
  json: 'application/json',
  urlencoded: 'application/x-www-form-urlencoded',
  multipart: 'multipart/*',
  html: 'text/html',
  htm: 'text/html',
  text: 'text/plain',
  txt: 'text/plain',
  xml: 'application/xml',
  csv: 'text/csv',
  js: 'text/javascript',
};

const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const MEDIA_TYPE = new RegExp(`^(${TOKEN})/(${TOKEN})$`);
const CHARSET = /;\s*charset\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i;

/** Whether the request carries a body at all, as type-is decides: chunked, or any numeric length. */
export function hasBody(headers: IncomingHttpHeaders): boolean {
  return headers['transfer-encoding'] !== undefined || !Number.isNaN(Number(headers['content-length']));
}

function normalizeExpected(type: string): string | undefined {
  if (type.startsWith('+')) return `*/*${type}`;
  if (!type.includes('/')) return SHORT_NAMES[type.toLowerCase()];
  return type.toLowerCase();
}

function mediaTypeMatches(expected: string, actual: string): boolean {
  const [expectedType, expectedSubtype] = expected.split('/');
  const [actualType, actualSubtype] = actual.split('/');
  if (expectedType !== '*' && expectedType !== actualType) return false;
  if (expectedSubtype.startsWith('*+')) {
    return actualSubtype.length > expectedSubtype.length - 1 && actualSubtype.endsWith(expectedSubtype.slice(1));
  }
  return expectedSubtype === '*' || expectedSubtype === actualSubtype;
}

/**
 * A test of a request's Content-Type against the `type` option, with type-is's rules: short names
 * (`'json'`), `'+json'` suffixes, `*` wildcards; a malformed Content-Type matches nothing.
 */
export function typeMatcher(type: TypeOption): (req: { headers: IncomingHttpHeaders }) => boolean {
  if (typeof type === 'function') return (req) => Boolean(type(req));
  const expected = (typeof type === 'string' ? [type] : [...type]).map(normalizeExpected);
  return (req) => {
    const header = req.headers['content-type'];
    if (header === undefined) return false;
    const actual = header.split(';', 1)[0].trim().toLowerCase();
    if (!MEDIA_TYPE.test(actual)) return false;
    return expected.some((media) => media !== undefined && mediaTypeMatches(media, actual));
  };
}

/** The lower-cased `charset` parameter of a Content-Type header, if it has one. */
export function charsetOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const match = CHARSET.exec(header);
  if (match === null) return undefined;
  return (match[1]?.replace(/\\(.)/g, '$1') ?? match[2]).toLowerCase();
}
