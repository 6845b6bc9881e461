// parseBody inside Deno.serve, against the built dist/. Run: deno run --allow-all test/body/body-deno.smoke.mjs
import { skipUnless } from '../runtimes/skip.mjs';
import { report } from '../support/smoke.mjs';
import { answer, runServeChecks } from './serve-checks.mjs';

skipUnless(['deno'], 'not deno');

const listening = Promise.withResolvers();
const server = globalThis.Deno.serve({ port: 0, hostname: '127.0.0.1', onListen: listening.resolve }, answer);
const { port } = await listening.promise;
try {
  await runServeChecks(`http://127.0.0.1:${port}/`);
} finally {
  await server.shutdown();
}
report('body-deno');
