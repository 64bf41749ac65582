import { describe, expect, it } from 'vitest';
import { elementBoxes } from './geometry';
import { sanitiseSvg } from './sanitise';
import { parseXml, XmlError, type XmlReason } from './xml';

const svg = (body: string, rootAttrs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg"${rootAttrs}>${body}</svg>`;
const clean = (body: string, rootAttrs = '') => sanitiseSvg(svg(body, rootAttrs));
const PNG = 'data:image/png;base64,iVBORw0KGgo=';

/** Anything that can run or fetch, as it could appear in the output, in lower case. */
const DANGER =
  /<script|onload|onclick|onerror|onmouse|javascript|vbscript|foreignobject|<iframe|<set|<animate|http:|https:|\/\/evil|expression|@import|<!entity|<!doctype/;

describe('svg sanitiser', () => {
  it.each([
    ['script element', '<script>alert(1)</script><rect width="1" height="1"/>'],
    ['script in CDATA', '<script><![CDATA[alert(1)]]></script>'],
    [
      'xlink script',
      '<script xlink:href="https://evil.example/x.js" xmlns:xlink="http://www.w3.org/1999/xlink"/>',
    ],
    ['onload on a child', '<g onload="alert(1)"><rect width="1" height="1" onclick="alert(1)"/></g>'],
    ['event attribute casing', '<rect ONCLICK="alert(1)" OnMouseOver="alert(1)" width="1" height="1"/>'],
    ['javascript: link', '<a href="javascript:alert(1)"><text>x</text></a>'],
    ['obfuscated javascript: link', '<a xlink:href="&#106;ava&#x09;script:alert(1)"><text>x</text></a>'],
    [
      'foreignObject with HTML',
      '<foreignObject width="9" height="9"><iframe src="https://evil.example"/></foreignObject>',
    ],
    ['external use', '<use href="https://evil.example/sprite.svg#a"/>'],
    ['data: use', '<use href="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=#a"/>'],
    ['external image', '<image href="https://evil.example/track.png" width="1" height="1"/>'],
    [
      'svg in a data: image',
      '<image href="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=" width="1" height="1"/>',
    ],
    ['set rewriting an href', '<a href="#x"><set attributeName="href" to="javascript:alert(1)"/></a>'],
    ['animate with handlers', '<animate onbegin="alert(1)" attributeName="x" values="0;1"/>'],
    ['style element with import', '<style>@import url(https://evil.example/x.css);</style>'],
    ['style element with external url', '<style>rect { fill: url(https://evil.example/p.svg#g) }</style>'],
    ['style element with expression', '<style>rect { width: expression(alert(1)) }</style>'],
    ['style attribute with url', '<rect style="fill: url(\'//evil.example/x\')" width="1" height="1"/>'],
    ['css escapes', '<rect style="background: \\75 rl(https://evil.example)" width="1" height="1"/>'],
    ['presentation attribute with url', '<rect fill="url(https://evil.example/p#g)" width="1" height="1"/>'],
    ['iframe and embed', '<iframe src="https://evil.example"/><embed src="https://evil.example"/>'],
  ])('drops %s', (_name, body) => {
    const out = clean(body);
    // The namespace declarations are the only URLs allowed to remain.
    expect(out.replace(/ xmlns(:xlink)?="[^"]*"/g, '').toLowerCase()).not.toMatch(DANGER);
    expect(out.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  });

  it('keeps drawings, local references, raster data images and safe CSS', () => {
    const body =
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>' +
      '<style>.hot { fill: #f00 } a > rect { stroke: url(#g) }</style>' +
      '<g id="tank" transform="translate(10,20)" data-hmi-tag="level"><rect class="hot" fill="url(#g)" width="30" height="40" style="stroke-width: 2"/></g>' +
      `<use href="#tank" x="50"/><image href="${PNG}" width="5" height="5"/>` +
      '<text x="1" y="2">5 &lt; 6 &amp; "ok"</text>';
    const out = clean(body);
    for (const kept of [
      '<linearGradient id="g">',
      'fill="url(#g)"',
      'data-hmi-tag="level"',
      '<use href="#tank"',
      PNG,
      'a &gt; rect',
    ])
      expect(out).toContain(kept);
    expect(out).toContain('<text x="1" y="2">5 &lt; 6 &amp; "ok"</text>');
    // The output is itself acceptable input, and sanitising it again changes nothing.
    expect(sanitiseSvg(out)).toBe(out);
  });

  it('drops the elements it is told to (imported items that became widgets)', () => {
    const out = sanitiseSvg(
      svg('<g id="a"><rect width="1" height="1"/></g><rect id="b" width="2" height="2"/>'),
      {
        drop: new Set(['a']),
      },
    );
    expect(out).not.toContain('id="a"');
    expect(out).toContain('id="b"');
  });

  it.each<[string, string, XmlReason]>([
    [
      'billion laughs',
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><svg>&lol2;</svg>',
      'doctype',
    ],
    ['external entity', '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg>&x;</svg>', 'doctype'],
    ['undeclared entity', '<svg><text>&nbsp;</text></svg>', 'entity'],
    ['unclosed element', '<svg><g></svg>', 'mismatched end tag'],
    ['not svg', '<html><body/></html>', 'root is not <svg>'],
    ['duplicate attribute', '<svg><rect x="1" x="2"/></svg>', 'attribute'],
  ])('refuses %s', (_name, input, reason) => {
    expect(() => sanitiseSvg(input)).toThrow(new XmlError(reason));
  });

  it('refuses nesting past its depth limit without overflowing the stack', () => {
    const deep = `<svg>${'<g>'.repeat(100_000)}${'</g>'.repeat(100_000)}</svg>`;
    expect(() => sanitiseSvg(deep)).toThrow(new XmlError('too deep'));
  });

  it('measures element boxes through transforms', () => {
    const root = parseXml(
      svg(
        '<g id="g" transform="translate(100 50)"><rect id="r" x="10" y="10" width="20" height="30"/><circle id="c" cx="0" cy="0" r="5" transform="scale(2)"/></g>',
      ),
    );
    const boxes = elementBoxes(root);
    expect(boxes.get('r')).toEqual({ x: 110, y: 60, w: 20, h: 30 });
    expect(boxes.get('c')).toEqual({ x: 90, y: 40, w: 20, h: 20 });
    expect(boxes.get('g')).toEqual({ x: 90, y: 40, w: 40, h: 50 });
  });
});
