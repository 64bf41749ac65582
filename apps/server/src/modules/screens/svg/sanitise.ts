import { SCREEN_ARTWORK_MAX_BYTES, utf8Bytes } from '@hmi/contract';
import { ATTRIBUTES, ELEMENTS } from './allow-list';
import { attr, parseXml, XmlError, type XmlElement } from './xml';

/**
 * The SVG sanitiser: every artwork is parsed and written again from an allow-list, never passed
 * through. Kept: drawing elements and their presentation attributes, gradients, patterns, clips,
 * masks, markers, filters, text, `<style>` with safe CSS, `data-*`/`aria-*` attributes. Dropped
 * with their content: script, foreignObject, animation (`set`/`animate` can rewrite an href),
 * iframe/embed and anything unknown. Dropped attributes: event handlers (`on*`) and every other
 * attribute not listed; values holding `javascript:`/`vbscript:`/`data:` (but raster `data:image`
 * on `<image>`), a backslash (CSS escapes), `expression(`, or `url(` other than `url(#id)`; hrefs
 * other than `#id`, so `<use>` and gradients point only inside the document. `<image>` and `<use>`
 * without such an href go entirely. DOCTYPE and entities are refused by the parser.
 */

const RASTER_DATA_URL = /^data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2}$/;
const LOCAL_REF = /^#[A-Za-z_][\w.:-]*$/;
const ATTRIBUTE_VALUE_MAX = 1024 * 1024;

/** Lowercase, with white space and control characters removed: how a URL parser sees a scheme. */
const squeezed = (v: string) =>
  [...v.replace(/\s+/g, '')]
    .filter((c) => c.charCodeAt(0) > 0x1f && c !== '\u007f')
    .join('')
    .toLowerCase();

/** CSS (a style attribute or a `<style>` element) that can load or run nothing. */
export function safeCss(css: string): boolean {
  const s = squeezed(css);
  if (/\\|@import|expression\(|javascript:|vbscript:|behavior:|-moz-binding|<\//.test(s)) return false;
  if (s.includes('data:')) return false;
  for (const m of s.matchAll(/url\(([^)]*)\)/g)) {
    const target = (m[1] ?? '').replace(/^["']|["']$/g, '');
    if (!LOCAL_REF.test(target)) return false;
  }
  return !/url\([^)]*$/.test(s);
}

function safeValue(value: string): boolean {
  if (value.length > ATTRIBUTE_VALUE_MAX) return false;
  const s = squeezed(value);
  if (/javascript:|vbscript:|data:|expression\(|\\/.test(s)) return false;
  if (s.includes('url(')) return safeCss(value);
  return true;
}

function allowedAttribute(element: string, name: string, value: string): boolean {
  if (name === 'href' || name === 'xlink:href') {
    const v = value.trim();
    return LOCAL_REF.test(v) || (element === 'image' && RASTER_DATA_URL.test(v));
  }
  if (!ATTRIBUTES.has(name) && !/^(?:data|aria)-[a-z0-9-]{1,64}$/.test(name)) return false;
  if (name === 'style') return value.length <= ATTRIBUTE_VALUE_MAX && safeCss(value);
  return safeValue(value);
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');

/** The element's local name when it is in the SVG namespace (`svg:rect` → `rect`), else null. */
function svgName(name: string): string | null {
  const local = name.startsWith('svg:') ? name.slice(4) : name;
  return ELEMENTS.has(local) ? local : null;
}

export interface SanitiseOptions {
  /** Element ids to leave out with their content (imported items that became widgets). */
  drop?: ReadonlySet<string>;
}

/** Writes `root` (an `<svg>` element) again from the allow-lists. */
export function sanitiseTree(root: XmlElement, options: SanitiseOptions = {}): string {
  if (svgName(root.name) !== 'svg') throw new XmlError('root is not <svg>');
  const out: string[] = [];
  type Item = XmlElement | string | { close: string };
  const stack: Item[] = [root];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if (typeof item === 'string') {
      out.push(escapeText(item));
      continue;
    }
    if ('close' in item) {
      out.push(`</${item.close}>`);
      continue;
    }
    const name = svgName(item.name);
    const id = attr(item, 'id');
    if (!name || (id !== undefined && options.drop?.has(id))) continue;
    if (name === 'style' && !safeCss(item.children.filter((c) => typeof c === 'string').join(''))) continue;
    const attrs = item.attrs.filter(([n, v]) => allowedAttribute(name, n, v));
    const href = attrs.find(([n]) => n === 'href' || n === 'xlink:href');
    if ((name === 'use' || name === 'image') && !href) continue;
    if (item === root) attrs.unshift(['xmlns', 'http://www.w3.org/2000/svg']);
    if (item === root && usesXlink(root)) attrs.push(['xmlns:xlink', 'http://www.w3.org/1999/xlink']);
    out.push(`<${name}${attrs.map(([n, v]) => ` ${n}="${escapeAttr(v)}"`).join('')}>`);
    stack.push({ close: name });
    // A style element keeps only its text; other elements keep text and allowed children.
    const children = name === 'style' ? item.children.filter((c) => typeof c === 'string') : item.children;
    for (let n = children.length - 1; n >= 0; n--) {
      const child = children[n];
      if (child !== undefined) stack.push(child);
    }
  }
  return out.join('');
}

function usesXlink(root: XmlElement): boolean {
  const stack: XmlElement[] = [root];
  for (let el = stack.pop(); el; el = stack.pop()) {
    if (el.attrs.some(([n]) => n === 'xlink:href')) return true;
    for (const c of el.children) if (typeof c !== 'string') stack.push(c);
  }
  return false;
}

/** Parses and sanitises an SVG document; throws XmlError (with the reason) when it is not usable. */
export function sanitiseSvg(svg: string, options: SanitiseOptions = {}): string {
  if (!svg.trim()) return '';
  const clean = sanitiseTree(parseXml(svg), options);
  if (utf8Bytes(clean) > SCREEN_ARTWORK_MAX_BYTES) throw new XmlError('artwork too large');
  return clean;
}
