/** The SVG elements and attributes the sanitiser keeps (everything else is dropped). */

/** Elements kept (with their allowed content); any other element goes with its content. */
// prettier-ignore
export const ELEMENTS = new Set([
  'svg', 'g', 'defs', 'title', 'desc', 'symbol', 'use', 'a', 'switch', 'path', 'rect', 'circle',
  'ellipse', 'line', 'polyline', 'polygon', 'text', 'tspan', 'textPath', 'image', 'style',
  'linearGradient', 'radialGradient', 'stop', 'pattern', 'clipPath', 'mask', 'marker', 'filter',
  'feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feConvolveMatrix',
  'feDiffuseLighting', 'feDisplacementMap', 'feDistantLight', 'feDropShadow', 'feFlood', 'feFuncA',
  'feFuncB', 'feFuncG', 'feFuncR', 'feGaussianBlur', 'feMerge', 'feMergeNode', 'feMorphology',
  'feOffset', 'fePointLight', 'feSpecularLighting', 'feSpotLight', 'feTile', 'feTurbulence',
]);

/** Attributes kept besides `data-*` and `aria-*`, when their value is safe; hrefs are checked apart. */
// prettier-ignore
export const ATTRIBUTES = new Set([
  'id', 'class', 'style', 'transform', 'x', 'y', 'width', 'height', 'rx', 'ry', 'cx', 'cy', 'r',
  'x1', 'y1', 'x2', 'y2', 'points', 'd', 'viewBox', 'preserveAspectRatio', 'version', 'pathLength',
  'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-opacity',
  'stroke-linecap', 'stroke-linejoin', 'stroke-dasharray', 'stroke-dashoffset',
  'stroke-miterlimit', 'opacity', 'visibility', 'display', 'overflow', 'color', 'clip-path',
  'clip-rule', 'mask', 'filter', 'marker-start', 'marker-mid', 'marker-end', 'paint-order',
  'vector-effect', 'shape-rendering', 'text-rendering', 'image-rendering', 'color-interpolation',
  'color-interpolation-filters', 'mix-blend-mode', 'isolation', 'font-family', 'font-size',
  'font-weight', 'font-style', 'font-variant', 'font-stretch', 'text-anchor', 'dominant-baseline',
  'alignment-baseline', 'baseline-shift', 'letter-spacing', 'word-spacing', 'text-decoration',
  'writing-mode', 'direction', 'dx', 'dy', 'rotate', 'textLength', 'lengthAdjust', 'startOffset',
  'method', 'spacing', 'side', 'gradientUnits', 'gradientTransform', 'spreadMethod', 'offset',
  'stop-color', 'stop-opacity', 'fx', 'fy', 'fr', 'patternUnits', 'patternContentUnits',
  'patternTransform', 'clipPathUnits', 'maskUnits', 'maskContentUnits', 'markerWidth',
  'markerHeight', 'markerUnits', 'refX', 'refY', 'orient', 'filterUnits', 'primitiveUnits', 'in',
  'in2', 'result', 'stdDeviation', 'mode', 'values', 'type', 'operator', 'k1', 'k2', 'k3', 'k4',
  'flood-color', 'flood-opacity', 'lighting-color', 'radius', 'baseFrequency', 'numOctaves',
  'seed', 'stitchTiles', 'scale', 'xChannelSelector', 'yChannelSelector', 'tableValues', 'slope',
  'intercept', 'amplitude', 'exponent', 'order', 'kernelMatrix', 'divisor', 'bias', 'targetX',
  'targetY', 'edgeMode', 'preserveAlpha', 'surfaceScale', 'diffuseConstant', 'specularConstant',
  'specularExponent', 'kernelUnitLength', 'azimuth', 'elevation', 'z', 'pointsAtX', 'pointsAtY',
  'pointsAtZ', 'limitingConeAngle', 'role', 'xml:space', 'href', 'xlink:href',
]);
