import { escapeHtmlAttr as attr } from './escape.js';

/**
 * A stacked bar of status counts in SVG, one rect per status of `order` with a count (each its
 * class, for the stylesheet's colour), so that it needs no inline style (the pages' CSP forbids
 * it). Empty when every count is zero. report.html and the results site draw theirs with it.
 */
export function statusBar<S extends string>(
  counts: Readonly<Record<S, number>>,
  order: readonly S[],
  label: string,
): string {
  const total = order.reduce((t, s) => t + counts[s], 0);
  if (total === 0) return '';
  let x = 0;
  const rects = order
    .filter((s) => counts[s] > 0)
    .map((s) => {
      const w = (counts[s] / total) * 100;
      const r = `<rect class="${s}" x="${x.toFixed(3)}" y="0" width="${w.toFixed(3)}" height="1"><title>${counts[s]} ${s}</title></rect>`;
      x += w;
      return r;
    });
  return `<svg class="bar" viewBox="0 0 100 1" preserveAspectRatio="none" role="img" aria-label="${attr(label)}">${rects.join('')}</svg>`;
}
