import { colour, fontFamily } from '@hmi/contract';
import type { Box } from '../svg/geometry';
import { attr, elements, type XmlElement } from '../svg/xml';

/**
 * How a FUXA item looks, read from its drawing: FUXA keeps an HTML control's colours in the inline
 * style of the control inside its foreignObject (which the sanitiser drops) and a value's font on
 * its `<text>`, so they are read here before the drawing is cleaned.
 */

export const goodColour = (c: unknown): string | undefined => {
  const r = colour.safeParse(c);
  return r.success && r.data !== 'none' && r.data !== 'null' ? r.data : undefined;
};

const goodFont = (f: string | undefined): string | undefined => {
  const r = fontFamily.safeParse(f ?? '');
  return r.success && r.data ? r.data : undefined;
};

const localName = (el: XmlElement) => el.name.toLowerCase().replace(/^.*:/, '');

/** The first element under `root` (itself included) named `name`, whatever its case or prefix. */
function find(root: XmlElement, name: string): XmlElement | undefined {
  for (const el of elements(root)) if (localName(el) === name) return el;
  return undefined;
}

/** An inline style's declarations (`background-color: rgb(1, 2, 3)` → that colour). */
function styleOf(el: XmlElement | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const decl of ((el && attr(el, 'style')) ?? '').split(';')) {
    const at = decl.indexOf(':');
    if (at > 0) out.set(decl.slice(0, at).trim().toLowerCase(), decl.slice(at + 1).trim());
  }
  return out;
}

const fontSizeOf = (v: string | undefined): number | undefined => {
  const n = v === undefined ? NaN : parseFloat(v);
  return Number.isFinite(n) ? Math.min(200, Math.max(6, Math.round(n))) : undefined;
};

export interface ControlLook {
  background?: string;
  color?: string;
  font_size?: number;
  font_family?: string;
  align?: 'left' | 'center' | 'right';
}

const alignOf = (v: string | undefined): ControlLook['align'] =>
  v === 'right' || v === 'end' ? 'right' : v === 'left' || v === 'start' ? 'left' : v ? 'center' : undefined;

const defined = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/**
 * An HTML control's look (`button`, `select`, `input`): FUXA's editor writes the colours chosen
 * into the control's inline style, fonts on its group. A button without them shows its face
 * rectangle's fill and its group's `fill` as text colour; a select or input the browser's own
 * white and black (the face under it does not show), so nothing is taken for them.
 */
export function controlLook(group: XmlElement | undefined, control: string): ControlLook {
  if (!group) return {};
  const el = find(group, control);
  const style = styleOf(el);
  const face = control === 'button' ? find(group, 'rect') : undefined;
  return defined({
    background: goodColour(style.get('background-color')) ?? goodColour(face && attr(face, 'fill')),
    color:
      goodColour(style.get('color')) ?? (control === 'button' ? goodColour(attr(group, 'fill')) : undefined),
    font_size: fontSizeOf(style.get('font-size') ?? attr(group, 'font-size')),
    font_family: goodFont(style.get('font-family') ?? attr(group, 'font-family')),
    align: alignOf(style.get('text-align')),
  });
}

/**
 * A value's look and the box its text needs: FUXA writes the value (and its unit) into the item's
 * `<text>`, anchored where the text is, so the box is as wide as the longest value expected
 * (`chars` characters at about 0.62 em each) around that anchor, not as wide as the placeholder.
 */
export function valueLook(
  group: XmlElement | undefined,
  box: Box,
  chars: number,
): { look: ControlLook; box: Box } {
  const text = group && find(group, 'text');
  if (!group || !text) return { look: {}, box };
  const inherited = (name: string) => attr(text, name) ?? attr(group, name);
  const size = fontSizeOf(inherited('font-size')) ?? 14;
  const anchor = inherited('text-anchor');
  const x = parseFloat(attr(text, 'x') ?? '');
  const y = parseFloat(attr(text, 'y') ?? '');
  const look = defined({
    color: goodColour(attr(text, 'fill')) ?? goodColour(attr(group, 'fill')),
    font_size: size,
    font_family: goodFont(inherited('font-family')),
    align: anchor === 'middle' ? 'center' : anchor === 'end' ? 'right' : 'left',
  } as ControlLook);
  // A transformed text keeps its drawn box: the anchor is known only in the text's own space.
  if (!Number.isFinite(x) || !Number.isFinite(y) || attr(text, 'transform') || attr(group, 'transform'))
    return { look, box };
  const w = Math.max(box.w, chars * size * 0.62);
  const h = Math.max(box.h, size * 1.5);
  const left = anchor === 'middle' ? x - w / 2 : anchor === 'end' ? x - w : x;
  // The baseline sits about 0.35 em under the middle of a line.
  return { look, box: { x: left, y: y - size * 0.35 - h / 2, w, h } };
}

/** Whether anything of the item stays drawn once its foreignObject (its HTML) is dropped. */
export function drawsWithoutHtml(group: XmlElement | undefined): boolean {
  if (!group) return false;
  const shapes = ['rect', 'circle', 'ellipse', 'path', 'polygon', 'polyline', 'line', 'text', 'image', 'use'];
  const stack: XmlElement[] = [group];
  for (let el = stack.pop(); el; el = stack.pop()) {
    const name = localName(el);
    if (name === 'foreignobject') continue;
    if (shapes.includes(name)) return true;
    for (const c of el.children) if (typeof c !== 'string') stack.push(c);
  }
  return false;
}
