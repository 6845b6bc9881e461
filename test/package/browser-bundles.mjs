// Checks that the browser bundles in dist/browser/ stand alone, as a CDN serves them: no import or
// export from another module (bare, node: or relative), no require, and every use of `process`
// guarded by `typeof process`, and none of the Node-only code left in. The headless Chromium test
// proves they load; this says why not.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const folder = fileURLToPath(new URL('../../dist/browser', import.meta.url));
const FORBIDDEN = [
  [/\bfrom\s*["'`]/, 'imports or re-exports from another module'],
  [/\bimport\s*["'`]/, 'has a side-effect import'],
  [/\bimport\s*\(/, 'has a dynamic import'],
  [/\brequire\s*\(/, 'calls require'],
  [/\bimport\.meta\b/, 'uses import.meta'],
  // Node-only paths, which src/platform/browser-build.ts makes dead code in these bundles.
  [/getBuiltinModule|utf8Slice|latin1Slice|ArrayBufferDetach|allow-natives-syntax/, 'carries code only Node can run'],
];

let failedFiles = 0;
const files = readdirSync(folder).filter((name) => name.endsWith('.js'));
for (const name of files) {
  const code = readFileSync(join(folder, name), 'utf8');
  const found = FORBIDDEN.filter(([pattern]) => pattern.test(code)).map(([, what]) => what);
  const processUses = code.match(/\bprocess\b/g)?.length ?? 0;
  const guardedUses = code.match(/typeof process\b/g)?.length ?? 0;
  // Each guard is followed by one use in the same expression: `typeof process=="object"?process:void 0`.
  if (processUses > guardedUses * 2) found.push(`uses process ${processUses - guardedUses * 2} time(s) without a typeof guard`);
  if (found.length > 0) failedFiles++;
  console.log(`${found.length === 0 ? 'ok  ' : 'FAIL'} dist/browser/${name}${found.length ? `: ${found.join('; ')}` : ''}`);
}
if (files.length === 0) {
  console.log('FAIL dist/browser/ holds no bundle: run `npm run build`');
  failedFiles++;
}
console.log(`browser-bundles: ${files.length - Math.min(failedFiles, files.length)} passed, ${failedFiles} failed`);
if (failedFiles > 0) process.exitCode = 1;
