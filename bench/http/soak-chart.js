// The soak run's chart: server RSS over time, one line per pipeline, same axes for all, so a
// flat line and a climbing one are told apart at a glance. Deterministic SVG, no dependency.
import { palette } from '../svg.js';

const width = 820;
const height = 360;
const plot = { left: 64, right: width - 190, top: 64, bottom: height - 44 };
const font = "font-family='system-ui,-apple-system,Segoe UI,Helvetica,Arial,sans-serif'";
const colours = { usual: palette.native, parseBody: palette.library, 'parseBody-no-detach': '#8250df' };

function escapeXml(text) {
  return String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&apos;');
}

/** A round step (1, 2 or 5 times a power of ten) that gives about five grid lines. */
export function gridStep(max) {
  const rough = max / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5, 10].map((factor) => factor * power).find((step) => step >= rough);
}

/**
 * @param {{ title: string, subtitle: string, series: { mode: string, samples: { seconds: number, rssMB: number | null }[] }[] }} chart
 * @returns {string} an SVG document
 */
export function rssOverTimeChart({ title, subtitle, series }) {
  const points = series.flatMap((line) => line.samples.filter((sample) => sample.rssMB != null));
  const maxSeconds = Math.max(1, ...points.map((p) => p.seconds));
  const yStep = gridStep(Math.max(1, ...points.map((p) => p.rssMB)) * 1.05);
  const maxMB = yStep * Math.ceil((Math.max(1, ...points.map((p) => p.rssMB)) * 1.05) / yStep);
  const x = (seconds) => plot.left + (seconds / maxSeconds) * (plot.right - plot.left);
  const y = (mb) => plot.bottom - (mb / maxMB) * (plot.bottom - plot.top);
  const parts = [];
  for (let mb = 0; mb <= maxMB + 1e-9; mb += yStep) {
    parts.push(
      `<line x1='${plot.left}' y1='${y(mb).toFixed(1)}' x2='${plot.right}' y2='${y(mb).toFixed(1)}' stroke='#d0d7de' stroke-width='1'/>`,
      `<text x='${plot.left - 6}' y='${(y(mb) + 4).toFixed(1)}' text-anchor='end' font-size='11'>${mb}</text>`,
    );
  }
  const xStep = gridStep(maxSeconds);
  for (let seconds = 0; seconds <= maxSeconds + 1e-9; seconds += xStep) {
    parts.push(`<text x='${x(seconds).toFixed(1)}' y='${plot.bottom + 16}' text-anchor='middle' font-size='11'>${seconds}</text>`);
  }
  parts.push(
    `<text x='${(plot.left + plot.right) / 2}' y='${plot.bottom + 34}' text-anchor='middle' font-size='12'>seconds under load</text>`,
    `<text x='16' y='${(plot.top + plot.bottom) / 2}' font-size='12' transform='rotate(-90 16 ${(plot.top + plot.bottom) / 2})' text-anchor='middle'>server RSS (MB)</text>`,
  );
  series.forEach((line, index) => {
    const colour = colours[line.mode] ?? palette.other;
    const path = line.samples
      .filter((sample) => sample.rssMB != null)
      .map((sample, at) => `${at === 0 ? 'M' : 'L'}${x(sample.seconds).toFixed(1)} ${y(sample.rssMB).toFixed(1)}`)
      .join('');
    parts.push(`<path d='${path}' fill='none' stroke='${colour}' stroke-width='1.5'/>`);
    const legendY = plot.top + 8 + index * 20;
    parts.push(
      `<rect x='${plot.right + 16}' y='${legendY - 10}' width='12' height='12' rx='2' fill='${colour}'/>`,
      `<text x='${plot.right + 33}' y='${legendY}' font-size='12'>${escapeXml(line.label ?? line.mode)}</text>`,
    );
  });
  return [
    `<svg xmlns='http://www.w3.org/2000/svg' width='${width}' height='${height}' viewBox='0 0 ${width} ${height}' ${font} fill='#1f2328'>`,
    `<rect width='${width}' height='${height}' fill='#ffffff'/>`,
    `<text x='12' y='24' font-size='16' font-weight='700'>${escapeXml(title)}</text>`,
    `<text x='12' y='42' font-size='12' fill='#57606a'>${escapeXml(subtitle)}</text>`,
    ...parts,
    '</svg>',
    '',
  ].join('\n');
}
