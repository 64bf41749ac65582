/**
 * The deepest nesting of arrays and objects any JSON input of the product may have. The deepest
 * real body (a screen document: document → widgets → widget → props → list → item) is far below
 * it; anything deeper is refused before it is parsed, so no later walk over it can be slow.
 */
export const JSON_DEPTH_MAX = 32;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether JSON text nests arrays and objects deeper than `max`, in one pass over the text (brackets
 * inside strings do not count). Malformed text is left to JSON.parse to refuse.
 */
export function jsonTooDeep(text: string, max = JSON_DEPTH_MAX): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i += 1;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth -= 1;
  }
  return false;
}
