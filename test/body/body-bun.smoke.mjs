// parseBody inside Bun.serve, against the built dist/. Run: bun run test/body/body-bun.smoke.mjs
import { skipUnless } from '../runtimes/skip.mjs';
import { report } from '../support/smoke.mjs';
import { answer, runServeChecks } from './serve-checks.mjs';

skipUnless(['bun'], 'not bun');

const server = globalThis.Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: answer });
try {
  await runServeChecks(`http://127.0.0.1:${server.port}/`);
} finally {
  server.stop(true);
}
report('body-bun');
