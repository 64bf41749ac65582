import { colour, SYMBOL_SVG_MAX, type ScreenDocument } from '@hmi/contract';
import type { Box } from './geometry';
import { sanitiseTree } from './sanitise';
import { attr, parseXml, XmlError, type XmlElement } from './xml';

/**
 * Symbol widgets: a drawing of the file (a FUXA motor, pump, valve) cut out as an SVG document of
 * its own, so the viewer can fill it with the colour of the value's range as FUXA does (FUXA sets
 * the item's `fill`; parts with a fill of their own keep it).
 */

/** The element and its ancestors below the root, outermost first (null: not found). */
function pathTo(root: XmlElement, target: XmlElement): XmlElement[] | null {
  const stack: { el: XmlElement; path: XmlElement[] }[] = [{ el: root, path: [] }];
  for (let top = stack.pop(); top; top = stack.pop()) {
    if (top.el === target) return top.path;
    for (const c of top.el.children)
      if (typeof c !== 'string') stack.push({ el: c, path: top.el === root ? [] : [...top.path, top.el] });
  }
  return null;
}

/** The colour the element is filled with when no range applies: its own fill, else an ancestor's. */
function fillOf(path: readonly XmlElement[], el: XmlElement): string {
  for (const e of [el, ...[...path].reverse()]) {
    const c = colour.safeParse(attr(e, 'fill'));
    if (c.success && c.data !== 'none') return c.data;
  }
  return '#000000';
}

/**
 * The sanitised SVG of `el` (found under `root`) framed to `box` in the root's space, its own fill
 * removed so the viewer's fill shows, with its default colour; null when it is too large or cannot
 * be cut out (the caller keeps the drawing in the artwork instead).
 */
export function cutSymbol(root: XmlElement, el: XmlElement, box: Box): { svg: string; color: string } | null {
  const path = pathTo(root, el);
  if (!path || box.w <= 0 || box.h <= 0) return null;
  // Ancestors keep only their transforms: their place is the element's place.
  let inner: XmlElement = { ...el, attrs: el.attrs.filter(([n]) => n !== 'fill' && n !== 'id') };
  for (const a of [...path].reverse()) {
    const t = attr(a, 'transform');
    inner = { name: 'g', attrs: t ? [['transform', t]] : [], children: [inner] };
  }
  const frame: XmlElement = {
    name: 'svg',
    attrs: [
      ['viewBox', `${box.x} ${box.y} ${box.w} ${box.h}`],
      ['preserveAspectRatio', 'none'],
    ],
    children: [inner],
  };
  const svg = sanitiseTree(frame);
  return svg.length > SYMBOL_SVG_MAX ? null : { svg, color: fillOf(path, el) };
}

/**
 * A saved symbol sanitised like the artwork, its root's fill removed (the viewer sets it); throws
 * XmlError when it is not usable SVG.
 */
export function cleanSymbolSvg(svg: string): string {
  const root = parseXml(svg);
  root.attrs = root.attrs.filter(([n]) => n !== 'fill');
  const clean = sanitiseTree(root);
  if (clean.length > SYMBOL_SVG_MAX) throw new XmlError('artwork too large');
  return clean;
}

/** The document with every symbol's drawing sanitised (index of the first bad one in the error). */
export function withCleanSymbols(doc: ScreenDocument): ScreenDocument {
  if (!doc.widgets.some((w) => w.type === 'symbol')) return doc;
  return {
    ...doc,
    widgets: doc.widgets.map((w, i) => {
      if (w.type !== 'symbol') return w;
      try {
        return { ...w, props: { ...w.props, svg: cleanSymbolSvg(w.props.svg) } };
      } catch (err) {
        if (err instanceof XmlError) throw new SymbolError(i, err);
        throw err;
      }
    }),
  };
}

export class SymbolError extends Error {
  constructor(
    readonly widget: number,
    readonly xml: XmlError,
  ) {
    super(`widget ${widget}: ${xml.reason}`);
    this.name = 'SymbolError';
  }
}
