// A tiny static server on 127.0.0.1 that serves the package's published files the way an ESM CDN
// does (/json-parse-binary@<version>/<path>, the bare package URL redirecting to the `unpkg`
// file), plus the test page, the in-page suite and the documents it parses.
import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, relative } from 'node:path';

const CONTENT_TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8',
  '.cts': 'text/plain; charset=utf-8',
  '.mts': 'text/plain; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
};

// What CDNs send, plus the isolation headers that give the page SharedArrayBuffer.
const COMMON_HEADERS = {
  'access-control-allow-origin': '*',
  'cross-origin-resource-policy': 'cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-embedder-policy': 'require-corp',
  'x-content-type-options': 'nosniff',
};

/**
 * Starts the server on a free port of 127.0.0.1.
 * @param options.packageRoot folder holding package.json and the files to publish
 * @param options.manifest `{ name, version, unpkg }` from package.json
 * @param options.publishedFiles paths relative to packageRoot, as `npm pack` lists them
 * @param options.testFiles URL path under /test/ mapped to a file on disk
 * @param options.pageHtml the test page's HTML
 * @param options.corpusRoot folder of documents to offer under /corpus/, or undefined
 */
export async function startServer({ packageRoot, manifest, publishedFiles, testFiles, pageHtml, corpusRoot }) {
  const packagePrefix = `/${manifest.name}@${manifest.version}`;
  const published = new Set(publishedFiles);
  const corpusFiles = corpusRoot && existsSync(corpusRoot) ? listJsonFiles(corpusRoot) : [];
  const served = [];

  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url, 'http://127.0.0.1').pathname);
    served.push(path);
    if (request.method !== 'GET' && request.method !== 'HEAD') return send(response, 405, 'text/plain', 'GET only');
    if (path === packagePrefix || path === `${packagePrefix}/`) {
      const entry = manifest.unpkg.replace(/^\.\//, '');
      response.writeHead(302, { ...COMMON_HEADERS, location: `${packagePrefix}/${entry}` });
      return response.end();
    }
    if (path.startsWith(`${packagePrefix}/`)) {
      const file = path.slice(packagePrefix.length + 1);
      if (!published.has(file)) return send(response, 404, 'text/plain', `not in the package: ${file}`);
      return sendFile(response, join(packageRoot, file), 'public, max-age=31536000, immutable');
    }
    if (path === '/test/page.html') return send(response, 200, CONTENT_TYPES['.html'], pageHtml);
    if (path.startsWith('/test/') && testFiles[path.slice('/test/'.length)]) {
      return sendFile(response, testFiles[path.slice('/test/'.length)], 'no-store');
    }
    if (path === '/corpus/index.json') return send(response, 200, CONTENT_TYPES['.json'], JSON.stringify(corpusFiles));
    if (path.startsWith('/corpus/') && corpusFiles.includes(path.slice('/corpus/'.length))) {
      return sendFile(response, join(corpusRoot, path.slice('/corpus/'.length)), 'no-store');
    }
    return send(response, 404, 'text/plain', 'not found');
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address();
  return {
    origin: `http://127.0.0.1:${port}`,
    packageUrl: `http://127.0.0.1:${port}${packagePrefix}`,
    served,
    corpusFiles,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(resolve);
    }),
  };
}

function send(response, status, contentType, body) {
  response.writeHead(status, { ...COMMON_HEADERS, 'content-type': contentType, 'cache-control': 'no-store' });
  response.end(body);
}

function sendFile(response, path, cacheControl) {
  if (!existsSync(path) || !statSync(path).isFile()) return send(response, 404, 'text/plain', 'missing on disk');
  response.writeHead(200, {
    ...COMMON_HEADERS,
    'content-type': CONTENT_TYPES[extname(path)] ?? 'application/octet-stream',
    'content-length': statSync(path).size,
    'cache-control': cacheControl,
  });
  createReadStream(path).pipe(response);
}

function listJsonFiles(root) {
  return readdirSync(root, { recursive: true })
    .map((name) => String(name).split('\\').join('/'))
    .filter((name) => name.endsWith('.json') && statSync(join(root, name)).isFile())
    .map((name) => relative(root, join(root, name)).split('\\').join('/'))
    .sort();
}
