// One self-overwriting status line on stderr while long measurements run (only on a terminal, so
// logs and CI output stay clean).
const interactive = Boolean(process.stderr.isTTY);
let shown = false;

/** Replaces the status line with `text`. */
export function progress(text) {
  if (!interactive) return;
  process.stderr.write(`\r\x1b[K${text.slice(0, (process.stderr.columns || 100) - 1)}`);
  shown = true;
}

/** Removes the status line before ordinary output. */
export function clearProgress() {
  if (!interactive || !shown) return;
  process.stderr.write('\r\x1b[K');
  shown = false;
}

/** console.log that first clears the status line. */
export function say(...parts) {
  clearProgress();
  console.log(...parts);
}
