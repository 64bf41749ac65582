import { attr, type XmlElement } from './xml';

/** An axis-aligned box in the root `<svg>`'s user space. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

type Matrix = readonly [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];

/** A `transform` attribute as one matrix (translate, scale, rotate, skew, matrix); null if unreadable. */
export function parseTransform(value: string | undefined): Matrix | null {
  if (!value?.trim()) return IDENTITY;
  let m = IDENTITY;
  const re = /\s*(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)\s*,?/gy;
  let at = 0;
  for (let part = re.exec(value); part; part = re.exec(value)) {
    at = re.lastIndex;
    const n = (part[2] ?? '')
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    if (n.some((v) => !Number.isFinite(v))) return null;
    const [a = 0, b, c, d, e, f] = n;
    const rad = (a * Math.PI) / 180;
    let t: Matrix;
    switch (part[1]) {
      case 'matrix':
        if (n.length !== 6) return null;
        t = [a, b ?? 0, c ?? 0, d ?? 0, e ?? 0, f ?? 0];
        break;
      case 'translate':
        t = [1, 0, 0, 1, a, b ?? 0];
        break;
      case 'scale':
        t = [a, 0, 0, b ?? a, 0, 0];
        break;
      case 'rotate': {
        const r: Matrix = [Math.cos(rad), Math.sin(rad), -Math.sin(rad), Math.cos(rad), 0, 0];
        const cx = b ?? 0;
        const cy = c ?? 0;
        t = multiply(multiply([1, 0, 0, 1, cx, cy], r), [1, 0, 0, 1, -cx, -cy]);
        break;
      }
      case 'skewX':
        t = [1, 0, Math.tan(rad), 1, 0, 0];
        break;
      default:
        t = [1, Math.tan(rad), 0, 1, 0, 0];
    }
    m = multiply(m, t);
  }
  return at === value.length || !value.slice(at).trim() ? m : null;
}

function apply(m: Matrix, b: Box): Box {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [px, py] of [
    [b.x, b.y],
    [b.x + b.w, b.y],
    [b.x, b.y + b.h],
    [b.x + b.w, b.y + b.h],
  ] as const) {
    xs.push(m[0] * px + m[2] * py + m[4]);
    ys.push(m[1] * px + m[3] * py + m[5]);
  }
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
}

function union(boxes: Box[]): Box | null {
  if (!boxes.length) return null;
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  const r = Math.max(...boxes.map((b) => b.x + b.w));
  const btm = Math.max(...boxes.map((b) => b.y + b.h));
  return { x, y, w: r - x, h: btm - y };
}

const num = (el: XmlElement, name: string, fallback = 0): number => {
  const v = parseFloat(attr(el, name) ?? '');
  return Number.isFinite(v) ? v : fallback;
};

/** The box of one drawing element in its own user space (no transform), or null. */
function shapeBox(el: XmlElement, fontSize: number): Box | null {
  switch (el.name) {
    case 'rect':
    case 'image':
    case 'foreignObject':
    case 'use':
      return { x: num(el, 'x'), y: num(el, 'y'), w: num(el, 'width'), h: num(el, 'height') };
    case 'circle': {
      const r = num(el, 'r');
      return { x: num(el, 'cx') - r, y: num(el, 'cy') - r, w: 2 * r, h: 2 * r };
    }
    case 'ellipse':
      return {
        x: num(el, 'cx') - num(el, 'rx'),
        y: num(el, 'cy') - num(el, 'ry'),
        w: 2 * num(el, 'rx'),
        h: 2 * num(el, 'ry'),
      };
    case 'line':
      return union([
        { x: num(el, 'x1'), y: num(el, 'y1'), w: 0, h: 0 },
        { x: num(el, 'x2'), y: num(el, 'y2'), w: 0, h: 0 },
      ]);
    case 'polyline':
    case 'polygon': {
      const n = (attr(el, 'points') ?? '')
        .split(/[\s,]+/)
        .filter(Boolean)
        .map(Number);
      const pts: Box[] = [];
      for (let i = 0; i + 1 < n.length; i += 2) pts.push({ x: n[i] ?? 0, y: n[i + 1] ?? 0, w: 0, h: 0 });
      return union(pts);
    }
    case 'text': {
      // No font metrics on the server: about 0.6 em per character, anchored like the text.
      const text = el.children
        .map((c) => (typeof c === 'string' ? c : ''))
        .join('')
        .trim();
      const w = Math.max(1, text.length) * fontSize * 0.6;
      const anchor = attr(el, 'text-anchor');
      const x = num(el, 'x') - (anchor === 'middle' ? w / 2 : anchor === 'end' ? w : 0);
      return { x, y: num(el, 'y') - fontSize, w, h: fontSize * 1.25 };
    }
    default:
      return null;
  }
}

/**
 * The box of every element with an id, in the root's user space (transforms of the element and its
 * ancestors applied; groups take the union of their children). Text is estimated.
 */
export function elementBoxes(root: XmlElement): Map<string, Box> {
  const out = new Map<string, Box>();
  // Returns the element's box in its parent's space; records root-space boxes on the way.
  const visit = (el: XmlElement, toRoot: Matrix, inheritedFont: number): Box | null => {
    const own = parseTransform(attr(el, 'transform'));
    if (!own) return null;
    const fontSize = num(el, 'font-size', inheritedFont);
    const inner = multiply(toRoot, own);
    const childBoxes: Box[] = [];
    for (const c of el.children) {
      if (typeof c === 'string') continue;
      const b = visit(c, inner, fontSize);
      if (b) childBoxes.push(b);
    }
    const local = shapeBox(el, fontSize) ?? (el.name === 'foreignObject' ? null : union(childBoxes));
    if (!local) return null;
    const id = attr(el, 'id');
    if (id) out.set(id, apply(inner, local));
    return apply(own, local);
  };
  visit(root, IDENTITY, 14);
  return out;
}
