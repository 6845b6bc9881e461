// Units and plain-text tables shared by the terminal output and the report.

/** Nanoseconds to a short human figure: 812 ns, 12.3 µs, 4.56 ms, 1.23 s. */
export function formatTime(ns) {
  if (ns == null || !Number.isFinite(ns)) return '—';
  if (ns < 1e3) return `${ns.toFixed(ns < 10 ? 2 : ns < 100 ? 1 : 0)} ns`;
  if (ns < 1e6) return `${trim(ns / 1e3)} µs`;
  if (ns < 1e9) return `${trim(ns / 1e6)} ms`;
  return `${trim(ns / 1e9)} s`;
}

/** Bytes to KB/MB/GB with binary multiples, the way memory is usually reported. */
export function formatBytes(bytes) {
  if (bytes == null || !Number.isFinite(bytes)) return '—';
  const sign = bytes < 0 ? '-' : '';
  const size = Math.abs(bytes);
  if (size < 1024) return `${sign}${size} B`;
  if (size < 1024 ** 2) return `${sign}${trim(size / 1024)} KB`;
  if (size < 1024 ** 3) return `${sign}${trim(size / 1024 ** 2)} MB`;
  return `${sign}${trim(size / 1024 ** 3)} GB`;
}

/** A ratio such as 0.98× or 1,234×. */
export function formatRatio(ratio) {
  if (ratio == null || !Number.isFinite(ratio)) return '—';
  if (ratio >= 100) return `${Math.round(ratio).toLocaleString('en-US')}×`;
  return `${ratio.toFixed(ratio >= 10 ? 1 : 2)}×`;
}

/** The span of some ratios, "0.98× to 1.20×", or '' with fewer than two. */
export function formatRatioRange(values) {
  const usable = (values ?? []).filter(Number.isFinite);
  return usable.length > 1 ? `${formatRatio(Math.min(...usable))} to ${formatRatio(Math.max(...usable))}` : '';
}

/** How many times faster (or slower) something is than the reference: "12.3× faster", "2.00× slower". */
export function formatSpeedup(speedup) {
  if (speedup == null || !Number.isFinite(speedup) || speedup <= 0) return '—';
  return speedup >= 1 ? `${formatRatio(speedup)} faster` : `${formatRatio(1 / speedup)} slower`;
}

function trim(value) {
  // Decide the decimals on the rounded value, so 9.996 prints as 10.0 rather than 10.00.
  return value.toFixed(value >= 99.95 ? 0 : value >= 9.995 ? 1 : 2);
}

/** The median of the finite values, or null when there is none. */
export function median(values) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Geometric mean, the right average for ratios. */
export function geometricMean(values) {
  const usable = values.filter((value) => Number.isFinite(value) && value > 0);
  if (usable.length === 0) return null;
  return Math.exp(usable.reduce((sum, value) => sum + Math.log(value), 0) / usable.length);
}

/**
 * A plain-text table. Columns are right-aligned (figures), except the first and, with
 * `textLast`, the last one (a description).
 * @param {string[]} headers
 * @param {string[][]} rows
 * @param {{ textLast?: boolean }} [options]
 */
export function textTable(headers, rows, { textLast = false } = {}) {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => String(row[column] ?? '').length)));
  const leftAligned = (column) => column === 0 || (textLast && column === headers.length - 1);
  const line = (cells) =>
    cells
      .map((cell, column) => (leftAligned(column) ? String(cell ?? '').padEnd(widths[column]) : String(cell ?? '').padStart(widths[column])))
      .join('  ')
      .trimEnd();
  return [line(headers), widths.map((width) => '─'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

/** Indents every line of a block of text by four spaces, under a section heading. */
export function indent(text) {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}
