import type { EndpointBadge } from '../badge.js';
import { escapeHtmlAttr as attr, escapeHtmlText as text } from '../escape.js';

/** The hex colour of each shields.io colour name the endpoint badge uses. */
const HEX: Record<string, string> = { brightgreen: '#4c1', yellow: '#dfb317', red: '#e05d44', lightgrey: '#9f9f9f' };

/**
 * The width a text takes in 11 px Verdana, near enough: shields.io measures glyphs; an estimate per
 * character (narrow, wide, other) keeps the badge self-contained without a font table.
 */
function textWidth(value: string): number {
  let w = 0;
  for (const ch of value)
    w += /[ilj.,:;'|!]/.test(ch) ? 3.5 : /[mwMW@%]/.test(ch) ? 10 : /[A-Z0-9]/.test(ch) ? 7.5 : 6.5;
  return Math.ceil(w);
}

/**
 * The badge as an SVG image in the flat shields.io style: what a README embeds. Static (no script,
 * no link, no font load); the label and message are escaped as XML text.
 */
export function renderBadgeSvg(badge: EndpointBadge): string {
  const lw = textWidth(badge.label) + 10;
  const mw = textWidth(badge.message) + 10;
  const width = lw + mw;
  const color = HEX[badge.color] ?? HEX.lightgrey!;
  const title = `${badge.label}: ${badge.message}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" role="img" aria-label="${attr(title)}">`,
    `<title>${text(title)}</title>`,
    `<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>`,
    `<clipPath id="r"><rect width="${width}" height="20" rx="3" fill="#fff"/></clipPath>`,
    `<g clip-path="url(#r)"><rect width="${lw}" height="20" fill="#555"/><rect x="${lw}" width="${mw}" height="20" fill="${color}"/><rect width="${width}" height="20" fill="url(#s)"/></g>`,
    `<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">`,
    `<text x="${lw / 2}" y="14">${text(badge.label)}</text><text x="${lw + mw / 2}" y="14">${text(badge.message)}</text></g>`,
    '</svg>',
    '',
  ].join('\n');
}
