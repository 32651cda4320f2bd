import type { UasSpec } from '../../src/spec/uas.js';
import { formatSpan, type GenDoc, type GenUnit } from './model.js';
import { Prng } from './prng.js';

/** How a unit's text is escaped. All styles decode to the same characters (D-UAS-05). */
export type TextStyle = 'minimal' | 'charref' | 'cdata';

/** Serialization choices that must never change what the document means. */
export interface XmlStyle {
  seed: number;
  declaration: boolean;
  indent: string;
  quote: '"' | "'";
  comments: boolean;
  /** Per-unit text style, cycled. */
  textStyles: TextStyle[];
  /** Mutator hook: emit this unit's CR characters raw instead of as `&#13;`. */
  rawCrUnit?: string;
}

/** Where each unit's content sits in the emitted XML, so that text-level mutators can aim at it. */
export interface Serialized {
  xml: string;
  text: Record<string, { from: number; to: number; style: TextStyle }>;
}

function minimal(s: string, rawCr: boolean): string {
  return s.replace(/[&<>\r]/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : rawCr ? '\r' : '&#13;',
  );
}

function charref(s: string, r: Prng, rawCr: boolean): string {
  let out = '';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (ch === '\r' && rawCr) out += '\r';
    else if (ch === '&' || ch === '<' || ch === '>' || ch === '\r' || r.chance(0.25))
      out += r.chance(0.5) ? `&#${cp};` : `&#x${cp.toString(16).toUpperCase()};`;
    else out += ch;
  }
  return out;
}

function cdata(s: string, rawCr: boolean): string {
  // CDATA cannot hold "]]>", and a CR inside it would be read as LF: both leave the section.
  return s
    .split('\r')
    .map((part) => (part === '' ? '' : `<![CDATA[${part.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`))
    .join(rawCr ? '\r' : '&#13;');
}

function attr(v: string, q: string): string {
  return v.replace(/[&<\t\n\r"']/g, (c) =>
    c === '&'
      ? '&amp;'
      : c === '<'
        ? '&lt;'
        : c === '\t'
          ? '&#9;'
          : c === '\n'
            ? '&#10;'
            : c === '\r'
              ? '&#13;'
              : c === q
                ? c === '"'
                  ? '&quot;'
                  : '&apos;'
                : c,
  );
}

/**
 * Emits a document as XML text. Attribute order, quotes, indentation, comments and text escaping
 * vary with the style; unit content is never indented, since it is the verbatim text itself.
 */
export function serializeUas(doc: GenDoc, style: XmlStyle, spec: UasSpec): Serialized {
  const r = new Prng(style.seed);
  const q = style.quote;
  const nl = style.indent === '' ? '' : '\n';
  const ind = (n: number) => (style.indent === '' ? '' : style.indent.repeat(n));
  const tag = (name: string, attrs: [string, string | undefined][], close = true) => {
    const present = attrs.filter((a): a is [string, string] => a[1] !== undefined);
    const ordered = r.chance(0.5) ? r.shuffle(present) : present;
    return `<${name}${ordered.map(([k, v]) => ` ${k}=${q}${attr(v, q)}${q}`).join('')}${close ? '/>' : '>'}`;
  };
  let xml = style.declaration ? `<?xml version=${q}1.0${q} encoding=${q}UTF-8${q}?>\n` : '';
  // Keyed by unit id, and an id may be `__proto__`: a plain object would take it for its prototype.
  const text: Serialized['text'] = Object.create(null);
  const unitXml = (u: GenUnit, i: number) => {
    const attrs: [string, string | undefined][] = [
      ['id', u.id],
      ['source_order', u.sourceOrder],
      ['surface_form', u.surfaceForm],
      ['source_span', u.spanText ?? formatSpan(u.start, u.end, spec)],
      ['span_sha256', u.spanSha256],
      ['base_role', u.baseRole],
      ['specialized_role', u.specializedRole],
      ['preservation_mode', u.mode],
      ['weight', u.weight],
      ['weight_modifiers', u.modifiers.join(' ')],
      ['concept_refs', u.conceptRefs.length ? u.conceptRefs.join(' ') : undefined],
    ];
    if (u.text === undefined) return `${ind(2)}${tag('semantic_unit', attrs)}${nl}`;
    const ts = u.mode === 'VERBATIM_FULL' ? style.textStyles[i % style.textStyles.length] : 'minimal';
    const rawCr = style.rawCrUnit === u.id;
    const body =
      ts === 'cdata' ? cdata(u.text, rawCr) : ts === 'charref' ? charref(u.text, r, rawCr) : minimal(u.text, rawCr);
    const open = `${ind(2)}${tag('semantic_unit', attrs, false)}`;
    return { open, body, close: `</semantic_unit>${nl}`, style: ts };
  };
  const root = doc.rootName ?? spec.rootElement;
  xml += `<${root} version=${q}1.0${q}>${nl}`;
  for (const child of doc.children) {
    if (style.comments && r.chance(0.3)) xml += `${ind(1)}<!-- ${child} -->${nl}`;
    switch (child) {
      case 'source_manifest':
        xml += `${ind(1)}${tag('source_manifest', [
          ['encoding', 'UTF-8'],
          ['byte_length', String(doc.byteLength)],
          ['root_sha256', doc.rootSha256],
        ])}${nl}`;
        break;
      case 'migration_report':
        xml += `${ind(1)}<migration_report>${nl}${(doc.migration ?? [])
          .map(
            (m) =>
              `${ind(2)}${tag('migrated_container', [
                ['name', m],
                ['to', spec.rootElement],
              ])}${nl}`,
          )
          .join('')}${ind(1)}</migration_report>${nl}`;
        break;
      case 'concept_registry':
        xml += `${ind(1)}<concept_registry>${nl}`;
        for (const c of doc.concepts) {
          xml += `${ind(2)}${tag(
            'concept',
            [
              ['id', c.id],
              ['term', c.term],
              ['expansion', c.expansion],
            ],
            false,
          )}`;
          xml += `${c.aliases.map((a) => `<alias>${minimal(a, false)}</alias>`).join('')}</concept>${nl}`;
        }
        xml += `${ind(1)}</concept_registry>${nl}`;
        break;
      case 'semantic_units':
        xml += `${ind(1)}<semantic_units>${nl}`;
        doc.units.forEach((u, i) => {
          const out = unitXml(u, i);
          if (typeof out === 'string') xml += out;
          else {
            xml += out.open;
            text[u.id] = { from: xml.length, to: xml.length + out.body.length, style: out.style };
            xml += out.body + out.close;
          }
        });
        xml += `${ind(1)}</semantic_units>${nl}`;
        break;
      case 'cognitive_map':
        xml += `${ind(1)}<cognitive_map>${nl}`;
        for (const n of doc.nodes) xml += `${ind(2)}${tag('node', [['ref', n]])}${nl}`;
        for (const e of doc.edges) {
          xml += `${ind(2)}${tag('edge', [
            ['id', e.id],
            ['source', e.source],
            ['target', e.target],
            ['base_relation', e.baseRelation],
            ['specialized_relation', e.specializedRelation],
          ])}${nl}`;
        }
        xml += `${ind(1)}</cognitive_map>${nl}`;
        break;
      case 'ambiguity_register':
        xml += `${ind(1)}<ambiguity_register>${nl}`;
        for (const a of doc.ambiguities)
          xml += `${ind(2)}${tag(
            'ambiguity_entry',
            [
              ['type', a.type],
              ['ref', a.ref],
              ['token', a.token],
            ],
            false,
          )}${minimal(a.note, false)}</ambiguity_entry>${nl}`;
        xml += `${ind(1)}</ambiguity_register>${nl}`;
        break;
      case 'validation_report':
        xml += `${ind(1)}<validation_report status=${q}pass${q} failure_count=${q}0${q}>${nl}`;
        for (const id of ['VAL-XML-WELL-FORMED', 'VAL-ROOT-HASH', 'VAL-SPAN-HASH', 'VAL-VERBATIM'])
          xml += `${ind(2)}${tag('check', [
            ['id', id],
            ['result', 'pass'],
          ])}${nl}`;
        xml += `${ind(1)}</validation_report>${nl}`;
        break;
      default:
        xml += `${ind(1)}<${child}/>${nl}`;
    }
  }
  xml += `</${root}>${nl}`;
  return { xml, text };
}
