/**
 * A strict, small XML parser for SVG artwork: elements, attributes, text, CDATA. Comments and
 * processing instructions are skipped; a DOCTYPE (and with it every entity declaration, the billion
 * laughs) is refused, as is any entity other than the five predefined ones and character references.
 * Iterative, with limits on depth and node count, so no input can exhaust the stack or run long.
 */

export interface XmlElement {
  name: string;
  attrs: [string, string][];
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;

/** Why a text is not usable SVG (the English words are also the message). */
export type XmlReason =
  | 'entity'
  | 'attribute'
  | 'text outside the root'
  | 'comment'
  | 'cdata'
  | 'processing instruction'
  | 'start tag'
  | 'end tag'
  | 'mismatched end tag'
  | 'second root'
  | 'unclosed element'
  | 'no root element'
  | 'doctype'
  | 'too many nodes'
  | 'too deep'
  | 'root is not <svg>'
  | 'artwork too large';

export class XmlError extends Error {
  constructor(readonly reason: XmlReason) {
    super(reason);
    this.name = 'XmlError';
  }
}

export const XML_DEPTH_MAX = 256;
export const XML_NODES_MAX = 200_000;

const NAME = /[A-Za-z_][\w.:-]*/y;
const SPACE = /\s*/y;
const predefined: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Replaces entity and character references; anything else after `&` is not well-formed XML. */
export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&([^;&]{0,10});?/g, (whole, ref: string) => {
    if (!whole.endsWith(';')) throw new XmlError('entity');
    const known = predefined[ref];
    if (known !== undefined) return known;
    const m = /^#(?:x([0-9a-fA-F]{1,6})|([0-9]{1,7}))$/.exec(ref);
    const code = m ? parseInt(m[1] ?? m[2] ?? '', m[1] ? 16 : 10) : NaN;
    if (!Number.isFinite(code) || code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
      throw new XmlError('entity');
    return String.fromCodePoint(code);
  });
}

function match(re: RegExp, src: string, at: number): string | null {
  re.lastIndex = at;
  const m = re.exec(src);
  return m ? m[0] : null;
}

/** Parses the attributes of a start tag from `at`; returns them and where the tag ends. */
function readAttributes(
  src: string,
  at: number,
): { attrs: [string, string][]; end: number; selfClosing: boolean } {
  const attrs: [string, string][] = [];
  const seen = new Set<string>();
  let i = at;
  for (;;) {
    i += (match(SPACE, src, i) ?? '').length;
    if (src.startsWith('/>', i)) return { attrs, end: i + 2, selfClosing: true };
    if (src[i] === '>') return { attrs, end: i + 1, selfClosing: false };
    const name = match(NAME, src, i);
    if (!name || i === at) throw new XmlError('attribute');
    i += name.length;
    i += (match(SPACE, src, i) ?? '').length;
    if (src[i] !== '=') throw new XmlError('attribute');
    i += 1;
    i += (match(SPACE, src, i) ?? '').length;
    const quote = src[i];
    if (quote !== '"' && quote !== "'") throw new XmlError('attribute');
    const close = src.indexOf(quote, i + 1);
    if (close < 0) throw new XmlError('attribute');
    const raw = src.slice(i + 1, close);
    if (raw.includes('<')) throw new XmlError('attribute');
    if (seen.has(name)) throw new XmlError('attribute');
    seen.add(name);
    attrs.push([name, decodeEntities(raw)]);
    i = close + 1;
  }
}

/** Parses a document into its root element (text outside the root must be white space). */
export function parseXml(input: string): XmlElement {
  const src = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let nodes = 0;
  let i = 0;
  const addText = (text: string) => {
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(text);
    else if (text.trim()) throw new XmlError('text outside the root');
  };
  while (i < src.length) {
    const lt = src.indexOf('<', i);
    if (lt < 0) {
      addText(decodeEntities(src.slice(i)));
      break;
    }
    if (lt > i) addText(decodeEntities(src.slice(i, lt)));
    if (++nodes > XML_NODES_MAX) throw new XmlError('too many nodes');
    if (src.startsWith('<!--', lt)) {
      const end = src.indexOf('-->', lt + 4);
      if (end < 0) throw new XmlError('comment');
      i = end + 3;
    } else if (src.startsWith('<![CDATA[', lt)) {
      const end = src.indexOf(']]>', lt + 9);
      if (end < 0 || !stack.length) throw new XmlError('cdata');
      addText(src.slice(lt + 9, end));
      i = end + 3;
    } else if (src.startsWith('<!', lt)) {
      throw new XmlError('doctype');
    } else if (src.startsWith('<?', lt)) {
      const end = src.indexOf('?>', lt + 2);
      if (end < 0) throw new XmlError('processing instruction');
      i = end + 2;
    } else if (src[lt + 1] === '/') {
      const name = match(NAME, src, lt + 2);
      const open = stack.pop();
      if (!name || !open || open.name !== name) throw new XmlError('mismatched end tag');
      const gt = lt + 2 + name.length + (match(SPACE, src, lt + 2 + name.length) ?? '').length;
      if (src[gt] !== '>') throw new XmlError('end tag');
      i = gt + 1;
    } else {
      const name = match(NAME, src, lt + 1);
      if (!name) throw new XmlError('start tag');
      if (root && !stack.length) throw new XmlError('second root');
      const { attrs, end, selfClosing } = readAttributes(src, lt + 1 + name.length);
      const el: XmlElement = { name, attrs, children: [] };
      const parent = stack[stack.length - 1];
      if (parent) parent.children.push(el);
      else root = el;
      if (!selfClosing) {
        stack.push(el);
        if (stack.length > XML_DEPTH_MAX) throw new XmlError('too deep');
      }
      i = end;
    }
  }
  if (stack.length || !root) throw new XmlError(root ? 'unclosed element' : 'no root element');
  return root;
}

/** The value of attribute `name`, or undefined. */
export function attr(el: XmlElement, name: string): string | undefined {
  return el.attrs.find(([n]) => n === name)?.[1];
}

/** Every element under `root` (root included), depth first, without recursion. */
export function* elements(root: XmlElement): Generator<XmlElement> {
  const stack: XmlElement[] = [root];
  for (let el = stack.pop(); el; el = stack.pop()) {
    yield el;
    for (let n = el.children.length - 1; n >= 0; n--) {
      const child = el.children[n];
      if (typeof child !== 'string' && child) stack.push(child);
    }
  }
}
