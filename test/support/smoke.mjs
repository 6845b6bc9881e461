// A dependency-free check runner for the smoke suites that run on every runtime (Node 20/22/24,
// Bun, Deno) against the built dist/ files, where vitest is not available.
let passed = 0;
let failed = 0;

/** Runs one named check; a thrown error or a rejected promise is a failure. */
export async function check(name, body) {
  try {
    await body();
    passed++;
  } catch (error) {
    failed++;
    console.log(`FAIL ${name}: ${error && error.stack ? error.stack : error}`);
  }
}

/** Throws unless `condition` holds. */
export function assert(condition, message) {
  if (!condition) throw new Error(message);
}

/** Throws unless `body` throws an instance of `ErrorType`. */
export function assertThrows(body, ErrorType, message) {
  try {
    body();
  } catch (error) {
    if (error instanceof ErrorType) return;
    throw new Error(`${message}: threw ${error} instead of ${ErrorType.name}`);
  }
  throw new Error(`${message}: did not throw`);
}

/** Prints the closing line CI reads and sets the exit code. */
export function report(suite) {
  console.log(`${suite}: ${passed} passed, ${failed} failed`);
  if (failed > 0) process.exitCode = 1;
}
