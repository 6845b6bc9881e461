// Type-checks small consumer projects against the built declarations, the way users see them:
// the package is linked into a temporary node_modules and each project imports it by name.
// - `auto` brings the global JSON.parseBinary / ArrayBuffer.prototype.detach types (ESM and CJS).
// - the main entry alone does not claim the globals exist.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const tsc = join(root, 'node_modules/typescript/bin/tsc');

const usesGlobals = `
const result = JSON.parseBinary(new TextEncoder().encode('{"a":1}'), { fatal: true });
const position: number = result.ok ? 0 : result.position;
const typed = JSON.parseBinary<{ a: number }>(new Uint8Array(0));
const size: number | undefined = typed.ok ? typed.value.a : undefined;
const buffer = new ArrayBuffer(8);
const nothing: void = buffer.detach();
// @ts-expect-error only ArrayBuffer gets detach
new SharedArrayBuffer(8).detach();
export { position, size, nothing };
`;

// Every entry point's types in a program that has neither the DOM library nor @types/node: the
// declarations must stand alone (body.d.ts declares the stream and signal shapes it needs).
const everyEntryPoint = `
import { configureDetach, detach, detachStrategy, install, parseBinary, type DetachStrategy, type ParseBinaryResult } from 'json-parse-binary';
import { BODY_PARSE_DEFAULTS, DEFAULT_BODY_LIMIT, parseBody, readBody, type BodySource, type ParseBodyOptions } from 'json-parse-binary/body';
import { installed } from 'json-parse-binary/auto';
const bytes = new Uint8Array([0x5b, 0x31, 0x5d]);
const result: ParseBinaryResult<number[]> = parseBinary<number[]>(bytes, { maxDepth: 8 });
const strategy: DetachStrategy = detachStrategy;
configureDetach({ natives: false });
detach(new ArrayBuffer(1));
async function* chunks(): AsyncGenerator<Uint8Array> { yield bytes; }
const source: BodySource = chunks();
const options: ParseBodyOptions = { limit: DEFAULT_BODY_LIMIT, detach: 'chunks', maxDepth: BODY_PARSE_DEFAULTS.maxDepth };
const parsed = parseBody<number[]>(source, options).then((outcome) => (outcome.ok ? outcome.value.length : outcome.status));
const read = readBody(chunks()).then((outcome) => (outcome.ok ? outcome.bytes.byteLength : outcome.message));
const report = install({ force: false });
export { result, strategy, parsed, read, report, installed };
`;

// A program that calls install() itself gets the global types from one type-only import.
const installsItself = `
import type {} from 'json-parse-binary/auto';
import { install } from 'json-parse-binary';
install();
const result = JSON.parseBinary<{ a: number }>(new Uint8Array([0x7b, 0x7d]));
new ArrayBuffer(8).detach();
export { result };
`;

const projects = {
  'es2022-only-every-entry': {
    module: 'nodenext',
    moduleResolution: 'nodenext',
    packageType: 'module',
    lib: ['es2022'],
    files: { 'every-entry.ts': everyEntryPoint },
  },
  'es2022-only-cjs': {
    module: 'nodenext',
    moduleResolution: 'nodenext',
    packageType: 'commonjs',
    lib: ['es2022'],
    files: { 'every-entry.ts': everyEntryPoint },
  },
  'install-global-types': {
    module: 'nodenext',
    moduleResolution: 'nodenext',
    packageType: 'module',
    lib: ['es2022'],
    files: { 'installs-itself.ts': installsItself },
  },
  'install-global-types-bundler': {
    module: 'esnext',
    moduleResolution: 'bundler',
    packageType: 'module',
    lib: ['es2022'],
    files: { 'installs-itself.ts': installsItself },
  },
  'esm-nodenext': {
    module: 'nodenext',
    moduleResolution: 'nodenext',
    packageType: 'module',
    files: {
      'auto.ts': `import { installed } from 'json-parse-binary/auto';\nconst outcome: 'installed' | 'present' | 'replaced' | 'unsupported' | 'locked' = installed.detach;\nexport { outcome };\n${usesGlobals}`,
    },
  },
  // A program of its own: global augmentations reach every file of a program.
  'esm-main-only': {
    module: 'nodenext',
    moduleResolution: 'nodenext',
    packageType: 'module',
    files: {
      'main-only.ts': `import { parseBinary, detach, install, type InstallReport } from 'json-parse-binary';\nconst report: InstallReport = install({ force: false });\nconst ok: boolean = parseBinary(new Uint8Array(1)).ok;\ndetach(new ArrayBuffer(1));\n// @ts-expect-error the main entry does not declare the globals\nJSON.parseBinary(new Uint8Array(1));\nexport { report, ok };\n`,
    },
  },
  'cjs-nodenext': {
    module: 'nodenext',
    moduleResolution: 'nodenext',
    packageType: 'commonjs',
    files: {
      'auto.ts': `import 'json-parse-binary/auto';\nimport { parseBinary } from 'json-parse-binary';\nconst direct: boolean = parseBinary(new Uint8Array(1)).ok;\nexport { direct };\n${usesGlobals}`,
    },
  },
  bundler: {
    module: 'esnext',
    moduleResolution: 'bundler',
    packageType: 'module',
    files: { 'auto.ts': `import 'json-parse-binary/auto';\n${usesGlobals}` },
  },
};

const workspace = mkdtempSync(join(tmpdir(), 'json-parse-binary-types-'));
let failures = 0;
try {
  for (const [name, project] of Object.entries(projects)) {
    const folder = join(workspace, name);
    mkdirSync(join(folder, 'node_modules'), { recursive: true });
    symlinkSync(root, join(folder, 'node_modules/json-parse-binary'), 'dir');
    writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: `consumer-${name}`, type: project.packageType }));
    writeFileSync(
      join(folder, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'es2022',
          lib: project.lib ?? ['es2024', 'dom'],
          module: project.module,
          moduleResolution: project.moduleResolution,
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          types: [],
        },
        files: Object.keys(project.files),
      }),
    );
    for (const [file, text] of Object.entries(project.files)) writeFileSync(join(folder, file), text);
    const run = spawnSync(process.execPath, [tsc, '-p', folder], { encoding: 'utf8' });
    const ok = run.status === 0;
    if (!ok) failures++;
    console.log(`${ok ? 'ok  ' : 'FAIL'} consumer ${name}`);
    if (!ok) console.log(run.stdout + run.stderr);
  }
} finally {
  rmSync(workspace, { recursive: true, force: true });
}
const total = Object.keys(projects).length;
console.log(`types: ${total - failures} passed, ${failures} failed`);
if (failures > 0) process.exitCode = 1;
