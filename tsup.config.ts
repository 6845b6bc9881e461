import { dirname, join } from 'node:path';
import { defineConfig } from 'tsup';

/** Modules with a smaller browser variant beside them (`name.browser.ts`), swapped in for dist/browser/. */
const browserVariants = /\/key-cache\.js$/;

/** Internal field and method names of the parser's classes, which terser may shorten in the browser files. */
const internalNames =
  /^(slotCount|arenaSize|slotMask|arena|arenaUsed|slotOffset|slotLength|slotKey|slotOf|maxShapes|maxFactories|maxChildren|freshKeysBeforeMap|firstShapes|shapeCount|factoryCount|lastKey|lastChild|keyLength|head0|head1|mask0|mask1|keyStore|keyOffset|wordsStart|wordCount|readLimit|freshKeys|grown|rememberFirstShape|firstShapeGuess|nextShape|factoryFor|forget|shapes|words|parent|children|uses|factory|wordsOf|shapeTree|maxShapes|pos|failure|expected|found|root|shared|key|anyShapeMaxBytes|stringDocumentMaxBytes)$/;

// Node and bundlers get unminified ESM + CommonJS with types; browsers and CDNs get
// self-contained minified ESM (no chunks, no bare imports) under dist/browser/.
export default defineConfig([
  {
    entry: {
      index: 'src/index.ts',
      auto: 'src/auto.ts',
      body: 'src/body.ts',
      express: 'src/express.ts',
      fastify: 'src/fastify.ts',
      hono: 'src/hono.ts',
    },
    format: ['esm', 'cjs'],
    dts: true,
    // tsup builds both configs at the same time: this clean must spare the browser build's folder.
    clean: ['!browser/**'],
    target: 'es2022',
    platform: 'neutral',
    sourcemap: false,
  },
  {
    // body.ts needs only WHATWG streams, Request and Response, so it serves browsers and service
    // workers too; so does the Hono adapter (Cloudflare Workers, Deno Deploy, Bun bundles).
    entry: { index: 'src/index.ts', auto: 'src/auto.ts', body: 'src/body.ts', hono: 'src/hono.ts' },
    outDir: 'dist/browser',
    format: ['esm'],
    dts: false,
    clean: true,
    target: 'es2022',
    platform: 'browser',
    // Makes src/platform/browser-build.ts true, so that Node-only code is left out of these files.
    define: { __BROWSER_BUILD__: 'true' },
    // Rollup's tree shaking, after esbuild's: it follows that constant across modules and drops
    // the functions only Node reaches, which esbuild keeps.
    treeshake: true,
    // Terser after Rollup: about 4 % smaller gzipped than esbuild's minifier on these files
    // (index.js 10,893 -> 10,460 bytes), which the 10 KB budget needs, as does the browser
    // variant of the key cache (bench/NOTES.md, "Browser bundle size").
    minify: 'terser',
    // The parser's internal names are mangled too: no public object has a property by these names.
    // Unused parameters go (keep_fargs: false): the parameters only Node's paths read cost round 56
    // the bytes that kept index.js in budget. A function's length changes with them, so the shim's
    // JSON.parseBinary takes its optional argument as a rest parameter (src/shim/install.ts).
    terserOptions: {
      module: true,
      compress: { passes: 5, pure_getters: true, hoist_funs: true, keep_fargs: false },
      mangle: { properties: { regex: internalNames, builtins: true } },
    },
    esbuildPlugins: [
      {
        name: 'browser-variants',
        setup(build) {
          build.onResolve({ filter: browserVariants }, (args) => ({
            path: join(args.resolveDir, dirname(args.path), `${args.path.split('/').pop()!.replace(/\.js$/, '')}.browser.ts`),
          }));
        },
      },
    ],
    splitting: false,
    noExternal: [/.*/],
    sourcemap: false,
  },
]);
