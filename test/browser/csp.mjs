// `node test/browser/csp.mjs`: loads each browser bundle (index, auto, body) in headless Chromium on
// a page served with a strict Content Security Policy, `script-src 'self'; require-trusted-types-for
// 'script'`, and on the same page without it. Under the policy the bundles must load and parse with
// zero `securitypolicyviolation` events and zero console errors, and give the same values as without
// it. A final probe (`new Function` in the page) proves that violations are seen at all. Prints the
// parse speed under both pages (a note, not a verdict).
import { readFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('../..', import.meta.url));
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const STRICT_POLICY = "script-src 'self'; require-trusted-types-for 'script'";
const BUNDLES = ['index', 'auto', 'body'];

for (const bundle of BUNDLES) {
  if (!existsSync(join(root, `dist/browser/${bundle}.js`))) {
    console.error(`dist/browser/${bundle}.js is missing: run \`npm run build\` first.`);
    process.exit(1);
  }
}

const pageHtml = `<!doctype html>
<html lang="en"><meta charset="utf-8"><title>json-parse-binary under CSP</title><link rel="icon" href="data:,">
<script type="module" src="/page.mjs"></script>
</html>`;

// The page's own script: external, since the policy forbids inline scripts.
const pageScript = `
const violations = [];
document.addEventListener('securitypolicyviolation', (event) => {
  violations.push(event.violatedDirective + ' ' + event.blockedURI + ' ' + (event.sourceFile || '') + ':' + (event.lineNumber || 0));
});
const texts = [
  '{"a": [1, 2.5, -3e10, true, null], "b": {"c": "snow \\u2603 \\ud83d\\ude00"}}',
  JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: 'item' + i, tags: ['x', 'y'], score: i / 7 }))),
  '[' + Array.from({ length: 50 }, (_, i) => '{"k' + (i % 5) + '": ' + i + ', "shape": "same"}').join(',') + ']',
  '{"bad": [1, 2,, 3]}',
];
const encode = (text) => new TextEncoder().encode(text);
const report = { violations, loaded: {}, values: {}, timings: {} };
try {
  const index = await import('/dist/browser/index.js');
  report.loaded.index = typeof index.parseBinary === 'function';
  report.values.index = texts.map((text) => index.parseBinary(encode(text)));
  await import('/dist/browser/auto.js');
  report.loaded.auto = typeof JSON.parseBinary === 'function';
  report.values.auto = texts.map((text) => JSON.parseBinary(encode(text)));
  const body = await import('/dist/browser/body.js');
  report.loaded.body = typeof body.parseBody === 'function';
  report.values.body = [];
  for (const text of texts) report.values.body.push(await body.parseBody(new Response(text)));
  report.values.oracle = texts.map((text) => { try { return { ok: true, value: JSON.parse(text) }; } catch { return { ok: false }; } });
  // Speed under this page's policy: median of 15 rounds of 200 parses of a 20 KB document.
  const document = encode(texts[1]);
  const rounds = [];
  for (let round = 0; round < 15; round++) {
    const start = performance.now();
    for (let i = 0; i < 200; i++) index.parseBinary(document);
    rounds.push((performance.now() - start) / 200);
  }
  rounds.sort((a, b) => a - b);
  report.timings.parseBinaryMs = rounds[7];
  report.timings.documentBytes = document.byteLength;
} catch (error) {
  report.error = String(error && error.stack || error);
}
// Let any violation event of the loads above arrive before counting (they are dispatched as tasks).
await new Promise((resolve) => setTimeout(resolve, 100));
report.violationsFromBundles = violations.length;
console.info('csp-probe');
try { new Function('return 1'); report.probeCompiled = true; } catch { report.probeCompiled = false; }
await new Promise((resolve) => setTimeout(resolve, 100));
report.violationsFromProbe = violations.length - report.violationsFromBundles;
window.cspReport = report;
`;

function startServer(policy) {
  const server = createServer((request, response) => {
    const path = new URL(request.url, 'http://127.0.0.1').pathname;
    const headers = { 'cache-control': 'no-store', ...(policy ? { 'content-security-policy': policy } : {}) };
    if (path === '/page.html') return response.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8' }).end(pageHtml);
    if (path === '/page.mjs') return response.writeHead(200, { ...headers, 'content-type': 'text/javascript' }).end(pageScript);
    const bundle = /^\/dist\/browser\/(index|auto|body)\.js$/.exec(path);
    if (bundle) {
      return response
        .writeHead(200, { ...headers, 'content-type': 'text/javascript' })
        .end(readFileSync(join(root, `dist/browser/${bundle[1]}.js`)));
    }
    response.writeHead(404, headers).end('not found');
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function visit(browser, policy) {
  const server = await startServer(policy);
  const page = await browser.newPage();
  const consoleErrors = [];
  let probeStarted = false;
  page.on('console', (message) => {
    if (message.text() === 'csp-probe') probeStarted = true;
    // The probe's own console error (it is blocked on purpose) is not counted.
    else if (message.type() === 'error' && !probeStarted) consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(String(error)));
  try {
    await page.goto(`http://127.0.0.1:${server.address().port}/page.html`);
    await page.waitForFunction(() => window.cspReport !== undefined, null, { timeout: 60_000 });
    const report = await page.evaluate(() => window.cspReport);
    return { report, consoleErrors };
  } finally {
    await page.close();
    await new Promise((resolve) => server.close(resolve));
  }
}

const failures = [];
const browser = await chromium.launch({
  executablePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const open = await visit(browser, undefined);
  const strict = await visit(browser, STRICT_POLICY);
  for (const [name, { report }] of [['without a policy', open], ['under the strict policy', strict]]) {
    if (report.error) failures.push(`${name}: ${report.error}`);
    for (const bundle of BUNDLES) if (report.loaded[bundle] !== true) failures.push(`${name}: the ${bundle} bundle did not load`);
  }
  if (strict.report.violationsFromBundles !== 0) {
    failures.push(`the bundles fired ${strict.report.violationsFromBundles} CSP violation(s):\n  ${strict.report.violations.slice(0, strict.report.violationsFromBundles).join('\n  ')}`);
  }
  if (strict.consoleErrors.length !== 0) failures.push(`console errors under the strict policy:\n  ${strict.consoleErrors.join('\n  ')}`);
  if (open.consoleErrors.length !== 0) failures.push(`console errors without a policy:\n  ${open.consoleErrors.join('\n  ')}`);
  if (strict.report.probeCompiled !== false || strict.report.violationsFromProbe < 1) {
    failures.push('the probe was not blocked or not reported: this page would not see a violation');
  }
  if (open.report.probeCompiled !== true || open.report.violationsFromProbe !== 0) failures.push('the probe failed without a policy');
  const sameValues = JSON.stringify(open.report.values) === JSON.stringify(strict.report.values);
  if (!sameValues) failures.push('the values under the strict policy differ from those without it');
  const oracle = JSON.stringify(open.report.values.oracle.map((entry) => entry.ok && entry.value));
  for (const bundle of BUNDLES) {
    const values = JSON.stringify(strict.report.values[bundle].map((entry) => entry.ok && entry.value));
    if (values !== oracle) failures.push(`the ${bundle} bundle's values differ from JSON.parse's`);
  }
  console.log(`browser: ${await browser.version()}; policy "${STRICT_POLICY}"`);
  console.log(
    `violations from the bundles: ${strict.report.violationsFromBundles}; console errors: ${strict.consoleErrors.length}; ` +
      `probe blocked and reported: ${strict.report.probeCompiled === false && strict.report.violationsFromProbe >= 1}`,
  );
  console.log(
    `note: parseBinary of a ${open.report.timings.documentBytes}-byte document, median of 15 rounds: ` +
      `${open.report.timings.parseBinaryMs?.toFixed(4)} ms without a policy, ${strict.report.timings.parseBinaryMs?.toFixed(4)} ms under it`,
  );
} finally {
  await browser.close();
}
for (const failure of failures) console.log(`FAIL ${failure}`);
console.log(`csp: ${failures.length === 0 ? 'passed' : `${failures.length} failed`}`);
if (failures.length > 0) process.exitCode = 1;
