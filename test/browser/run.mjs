// `npm run test:browser`: serves the package's published files from 127.0.0.1 as a CDN would,
// opens a page in headless Chromium (Debian's /usr/bin/chromium, driven by playwright-core) that
// imports the browser bundles, runs test/browser/suite.mjs there and reports the result.
// Every request that is not to the local server is aborted and fails the run.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from './server.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SUITE_TIMEOUT_MS = 180_000;

if (!existsSync(executablePath)) {
  console.error(`${executablePath} is missing: apt-get update && apt-get install -y chromium (or set CHROMIUM_PATH)`);
  process.exit(1);
}
if (!existsSync(join(root, 'dist/browser/index.js'))) {
  console.error('dist/browser/ is missing: run `npm run build` first.');
  process.exit(1);
}

const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const publishedFiles = listPublishedFiles();
const packagePrefix = `/${manifest.name}@${manifest.version}`;
const server = await startServer({
  packageRoot: root,
  manifest,
  publishedFiles,
  testFiles: {
    'suite.mjs': join(root, 'test/browser/suite.mjs'),
    'oracle.mjs': join(root, 'test/runtimes/oracle.mjs'),
    'smoke.mjs': join(root, 'test/support/smoke.mjs'),
  },
  pageHtml: pageHtml(packagePrefix),
  corpusRoot: join(root, '../shared/corpus'),
});

const blocked = [];
const pageErrors = [];
const failedResponses = [];
let browser;
let result;
try {
  browser = await chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = await browser.newPage();
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.origin === server.origin) return route.continue();
    blocked.push(url.href);
    return route.abort('blockedbyclient');
  });
  page.on('response', (response) => {
    if (response.status() >= 400) failedResponses.push(`${response.status()} ${response.url()}`);
  });
  page.on('pageerror', (error) => pageErrors.push(String(error.stack ?? error)));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') console.log(`[page ${message.type()}] ${message.text()}`);
  });
  await page.goto(`${server.origin}/test/page.html`);
  await page.waitForFunction(() => window.suiteResult !== undefined, null, { timeout: SUITE_TIMEOUT_MS });
  result = await page.evaluate(() => window.suiteResult);
  console.log(`browser: ${await browser.version()}, ${publishedFiles.length} published files served under ${packagePrefix}/`);
} catch (error) {
  result = { passed: 0, failed: 1, failures: [`the page did not finish: ${error.stack ?? error}`], notes: [] };
} finally {
  await browser?.close();
  await server.close();
}

for (const note of result.notes) console.log(`note: ${note}`);
const failures = [...result.failures];
if (blocked.length > 0) failures.push(`requests outside 127.0.0.1 were attempted (and blocked):\n  ${blocked.join('\n  ')}`);
if (pageErrors.length > 0) failures.push(`uncaught errors in the page:\n  ${pageErrors.join('\n  ')}`);
if (failedResponses.length > 0) failures.push(`requests the server refused:\n  ${failedResponses.join('\n  ')}`);
for (const failure of failures) console.log(`FAIL ${failure}`);
const failed = result.failed + failures.length - result.failures.length;
console.log(`browser: ${result.passed} passed, ${failed} failed`);
if (failed > 0) process.exitCode = 1;

/** The files `npm pack` would publish, without running any build script. */
function listPublishedFiles() {
  const output = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const files = JSON.parse(output)[0].files.map((file) => file.path);
  for (const required of ['dist/browser/index.js', 'dist/browser/auto.js', 'dist/browser/body.js']) {
    if (!files.includes(required)) throw new Error(`${required} is not in the published files`);
  }
  return files;
}

function pageHtml(prefix) {
  return `<!doctype html>
<html lang="en">
<meta charset="utf-8">
<title>json-parse-binary in the browser</title>
<link rel="icon" href="data:,">
<script type="module">
  const packageUrl = new URL(${JSON.stringify(prefix)}, location.href).href;
  try {
    const before = {
      parseBinary: Object.getOwnPropertyDescriptor(JSON, 'parseBinary'),
      detach: Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'detach'),
    };
    const lib = await import(${JSON.stringify(`${prefix}/dist/browser/index.js`)});
    const { run } = await import('/test/suite.mjs');
    window.suiteResult = await run({ lib, before, packageUrl });
  } catch (error) {
    window.suiteResult = { passed: 0, failed: 1, failures: [String(error && error.stack || error)], notes: [] };
  }
</script>
</html>
`;
}
