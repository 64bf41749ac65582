/**
 * Why an imported screen file cannot be read: the `data` of error 2001. `reason` stays a readable
 * English sentence for API users (it was the only field before); `reason_code` and `params` let a
 * client say the same in its own language.
 */
import { z } from 'zod';

export const screenImportReasons = [
  /** The archive is not a zip. */
  'notZip',
  /** More zip entries than `params.limit`. */
  'tooManyEntries',
  /** The archive inflates past `params.limit` bytes (a zip bomb, or simply too big). */
  'tooLarge',
  /** `params.file` is not in the archive. */
  'missingEntry',
  /** `params.file` (absent: the uploaded file) is not JSON. */
  'notJson',
  /** `params.file` does not follow the archive's schema at `params.path`. */
  'invalidEntry',
  /** The JSON is not a FUXA project (`params.path`: the first field that differs). */
  'notFuxa',
  /** Not well-formed XML: `params.construct` names what is broken. */
  'svgMalformed',
  /** A DOCTYPE (entity declarations) is refused. */
  'svgDoctype',
  /** Too many elements or too deep a nesting. */
  'svgTooComplex',
  /** The root element is not `<svg>`. */
  'notSvg',
  /** The sanitised drawing is larger than `params.limit` bytes. */
  'artworkTooLarge',
  /** The file holds no screen. */
  'noScreens',
  /** Screen `params.screen` breaks the screen schema at `params.path`. */
  'invalidScreen',
  /**
   * Item `params.element` of `params.screen` writes `params.value`, which TAG `params.tag` cannot
   * hold (its data type): map the variable to another TAG or change the file.
   */
  'writeValueType',
] as const;
export type ScreenImportReason = (typeof screenImportReasons)[number];

/** The XML constructs `svgMalformed` names. */
export const svgConstructs = [
  'entity',
  'attribute',
  'text',
  'comment',
  'cdata',
  'instruction',
  'startTag',
  'endTag',
  'secondRoot',
  'unclosed',
  'noRoot',
] as const;
export type SvgConstruct = (typeof svgConstructs)[number];

export const screenImportRefusalParams = z.object({
  /** The archive entry concerned. */
  file: z.string().optional(),
  /** The FUXA view concerned (its name). */
  view: z.string().optional(),
  /** The screen concerned (its name). */
  screen: z.string().optional(),
  /** The field path of a schema violation (`widgets.3.w`). */
  path: z.string().optional(),
  /** The limit passed (count or bytes). */
  limit: z.number().optional(),
  construct: z.enum(svgConstructs).optional(),
  /** The item (SVG element id) concerned. */
  element: z.string().optional(),
  /** The TAG concerned, and the value it cannot hold. */
  tag: z.string().optional(),
  value: z.string().optional(),
});
export type ScreenImportRefusalParams = z.infer<typeof screenImportRefusalParams>;

export const screenImportRefusal = z.object({
  reason: z.string(),
  reason_code: z.enum(screenImportReasons),
  params: screenImportRefusalParams,
});
export type ScreenImportRefusal = z.infer<typeof screenImportRefusal>;
