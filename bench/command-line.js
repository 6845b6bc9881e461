// The options of a benchmark script, read the same way by each: `--help` prints the script's usage
// and exits 0; a mistaken option prints what was wrong and the usage, and exits 2, with no stack.
import { parseArgs } from 'node:util';

/** Exits 2 after printing `message` and `usage` on stderr. */
export function failWithUsage(message, usage) {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

/** The values of `options` (parseArgs' form; `help` is added) read from `args`. */
export function readCommandLine(usage, options, args = process.argv.slice(2)) {
  let values;
  try {
    ({ values } = parseArgs({ options: { ...options, help: { type: 'boolean', default: false } }, args }));
  } catch (error) {
    failWithUsage(error.message, usage);
  }
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  return values;
}
