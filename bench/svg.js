// Hand-written SVG bar charts for the README: horizontal bars in labelled groups, the native
// baseline highlighted, every bar labelled with its value. No dependency, deterministic output.

const width = 820;
const labelWidth = 230;
const textRoom = 230;
const barRoom = width - labelWidth - textRoom - 16;
const barHeight = 16;
const barGap = 5;
const groupGap = 14;
const font = "font-family='system-ui,-apple-system,Segoe UI,Helvetica,Arial,sans-serif'";

/** Bar colours by role. Native is the reference every other bar is compared with. */
export const palette = {
  native: '#e07b00',
  library: '#1f6feb',
  other: '#9aa5b1',
};

const legendText = {
  native: 'native (baseline)',
  library: 'json-parse-binary',
  other: 'other ways',
};

function escapeXml(text) {
  return String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function scaleFunction(scale) {
  if (scale.type === 'log') {
    const low = Math.log10(scale.min);
    const span = Math.log10(scale.max) - low;
    return (value) => (value > 0 ? Math.max(0, Math.min(1, (Math.log10(value) - low) / span)) * barRoom : 0);
  }
  return (value) => Math.max(0, Math.min(1, value / scale.max)) * barRoom;
}

/**
 * @param {{
 *   title: string,
 *   subtitle: string,
 *   note?: string,
 *   scale: { type: 'linear', max: number } | { type: 'log', min: number, max: number },
 *   reference?: { value: number, label: string },
 *   legend?: Partial<Record<'native' | 'library' | 'other', string>>,
 *   groups: { label: string, bars: { label: string, value: number | null, text: string, role: 'native' | 'library' | 'other' }[] }[],
 * }} chart
 * @returns {string} an SVG document
 */
export function horizontalBarChart(chart) {
  const toLength = scaleFunction(chart.scale);
  const left = labelWidth;
  const parts = [];
  let y = 92;
  for (const group of chart.groups) {
    parts.push(`<text x='12' y='${y + 12}' font-weight='600' font-size='13'>${escapeXml(group.label)}</text>`);
    y += 20;
    for (const bar of group.bars) {
      const length = bar.value == null ? 0 : Math.max(1.5, toLength(bar.value));
      const overflow = bar.value != null && chart.scale.type === 'linear' && bar.value > chart.scale.max;
      const weight = bar.role === 'native' ? " font-weight='600'" : '';
      parts.push(
        `<text x='${left - 8}' y='${y + 12}' text-anchor='end' font-size='12'${weight}>${escapeXml(bar.label)}</text>`,
        `<rect x='${left}' y='${y}' width='${length.toFixed(1)}' height='${barHeight}' rx='2' fill='${palette[bar.role]}'/>`,
      );
      if (overflow) {
        // A bar cut at the edge of the scale gets a white notch, so nobody reads it as the true length.
        parts.push(`<path d='M${left + length - 10} ${y - 1}l5 ${barHeight + 2}M${left + length - 6} ${y - 1}l5 ${barHeight + 2}' stroke='#fff' stroke-width='2'/>`);
      }
      parts.push(`<text x='${left + length + 6}' y='${y + 12}' font-size='12'${weight}>${escapeXml(bar.text)}</text>`);
      y += barHeight + barGap;
    }
    y += groupGap;
  }
  if (chart.reference) {
    // Drawn first, so bars and their labels lie on top of the dashed line.
    const x = left + toLength(chart.reference.value);
    parts.unshift(
      `<line x1='${x.toFixed(1)}' y1='88' x2='${x.toFixed(1)}' y2='${y - groupGap}' stroke='${palette.native}' stroke-dasharray='4 3'/>`,
      `<text x='${x.toFixed(1)}' y='84' text-anchor='middle' font-size='11' fill='${palette.native}'>${escapeXml(chart.reference.label)}</text>`,
    );
  }
  if (chart.note) {
    parts.push(`<text x='12' y='${y + 4}' font-size='11' fill='#57606a'>${escapeXml(chart.note)}</text>`);
    y += 16;
  }
  const present = new Set(chart.groups.flatMap((group) => group.bars.map((bar) => bar.role)));
  const roles = Object.keys(palette).filter((role) => present.has(role));
  const legend = roles.map((role, index) => {
    const x = 12 + index * 200;
    const text = chart.legend?.[role] ?? legendText[role];
    return `<rect x='${x}' y='54' width='12' height='12' rx='2' fill='${palette[role]}'/><text x='${x + 17}' y='64' font-size='12'>${escapeXml(text)}</text>`;
  });
  const height = y + 10;
  return [
    `<svg xmlns='http://www.w3.org/2000/svg' width='${width}' height='${height}' viewBox='0 0 ${width} ${height}' ${font} fill='#1f2328'>`,
    `<rect width='${width}' height='${height}' fill='#ffffff'/>`,
    `<text x='12' y='24' font-size='16' font-weight='700'>${escapeXml(chart.title)}</text>`,
    `<text x='12' y='42' font-size='12' fill='#57606a'>${escapeXml(chart.subtitle)}</text>`,
    ...legend,
    ...parts,
    '</svg>',
    '',
  ].join('\n');
}
