/** A content coding the body readers can undo. */
export type ContentCoding = 'gzip' | 'deflate' | 'br' | 'zstd';

const CODINGS: Readonly<Record<string, ContentCoding>> = {
  gzip: 'gzip',
  'x-gzip': 'gzip',
  deflate: 'deflate',
  br: 'br',
  zstd: 'zstd',
};

/**
 * Reads a `Content-Encoding` header: `'identity'` when the body is not encoded (empty or identity
 * tokens only), the one coding it names, or `undefined` when it names a coding we do not know or
 * more than one (stacked codings are rare enough that refusing them costs nobody).
 */
export function contentCodingOf(header: string): ContentCoding | 'identity' | undefined {
  let found: ContentCoding | undefined;
  for (const token of header.split(',')) {
    const name = token.trim().toLowerCase();
    if (name === '' || name === 'identity') continue;
    const coding = CODINGS[name];
    if (coding === undefined || found !== undefined) return undefined;
    found = coding;
  }
  return found ?? 'identity';
}
