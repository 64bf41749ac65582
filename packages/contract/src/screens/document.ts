import { z } from 'zod';
import { typeError } from '../zod-helpers';
import {
  colour,
  type Binding,
  SCREEN_SIZE_MAX,
  SCREEN_SIZE_MIN,
  widget,
  widgetId,
  type Widget,
} from './widgets';

/** The screen document format this contract reads and writes. */
export const SCREEN_FORMAT_VERSION = 1;
export const SCREEN_WIDGETS_MAX = 2000;
/** Largest artwork (sanitised SVG) in UTF-8 bytes. */
export const SCREEN_ARTWORK_MAX_BYTES = 2 * 1024 * 1024;
/** Largest whole document (JSON, UTF-8 bytes), artwork and image assets included. */
export const SCREEN_DOCUMENT_MAX_BYTES = 4 * 1024 * 1024;
/** Image assets of one screen. */
export const SCREEN_ASSETS_MAX = 32;

/** Raster types an image asset (and a `data:` image in the artwork) may have; SVG is not one. */
export const screenAssetTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

const encoder = new TextEncoder();
export const utf8Bytes = (s: string): number => encoder.encode(s).length;

/** An image an `image` widget shows: raster bytes, base64 (no `data:` prefix). */
export const screenAsset = z.object({
  mime: z.enum(screenAssetTypes, typeError),
  data: z
    .string(typeError)
    .min(1, 'required')
    .max(Math.ceil(SCREEN_DOCUMENT_MAX_BYTES / 3) * 4, 'tooLong')
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'type'),
});
export type ScreenAsset = z.infer<typeof screenAsset>;

/**
 * A configuration screen, format version 1. `artwork` is static SVG drawn under the widgets (the
 * server sanitises it on every save and import, so it holds no script, event attribute,
 * foreignObject or external reference); widgets are drawn above it in array order, positioned in
 * the screen's pixel space (`width` × `height`, scaled by the viewer to its window).
 */
export const screenDocument = z
  .object({
    version: z.literal(SCREEN_FORMAT_VERSION, typeError),
    width: z.number(typeError).int('integer').min(SCREEN_SIZE_MIN, 'range').max(SCREEN_SIZE_MAX, 'range'),
    height: z.number(typeError).int('integer').min(SCREEN_SIZE_MIN, 'range').max(SCREEN_SIZE_MAX, 'range'),
    background: colour.default('#ffffff'),
    artwork: z
      .string(typeError)
      .max(SCREEN_ARTWORK_MAX_BYTES, 'tooLong')
      .refine((s) => utf8Bytes(s) <= SCREEN_ARTWORK_MAX_BYTES, 'tooLong')
      .default(''),
    widgets: z.array(widget, typeError).max(SCREEN_WIDGETS_MAX, 'tooLong').default([]),
    assets: z
      .record(widgetId, screenAsset, typeError)
      .refine((a) => Object.keys(a).length <= SCREEN_ASSETS_MAX, 'tooLong')
      .default({}),
  })
  .superRefine((doc, ctx) => {
    const seen = new Set<string>();
    doc.widgets.forEach((w: Widget, i) => {
      if (seen.has(w.id))
        ctx.addIssue({ code: 'custom', path: ['widgets', i, 'id'], message: 'widgetIdDuplicate' });
      seen.add(w.id);
      if (w.type === 'image' && !doc.assets[w.props.asset])
        ctx.addIssue({ code: 'custom', path: ['widgets', i, 'props', 'asset'], message: 'unknownId' });
    });
    if (utf8Bytes(JSON.stringify(doc)) > SCREEN_DOCUMENT_MAX_BYTES)
      ctx.addIssue({ code: 'custom', path: [], message: 'fileTooLarge' });
  });
export type ScreenDocument = z.infer<typeof screenDocument>;
export type ScreenDocumentInput = z.input<typeof screenDocument>;

/** Every binding of a document (widget bindings and trend lines), with the index of its widget. */
export function documentBindings(
  doc: ScreenDocument,
): { widget: number; path: string; tag: string; device_id?: number }[] {
  const out: { widget: number; path: string; tag: string; device_id?: number }[] = [];
  doc.widgets.forEach((w, i) => {
    if (w.binding) out.push({ widget: i, path: 'binding', ...w.binding });
    if (w.type === 'trend')
      w.props.tags.forEach((b: Binding, n: number) => out.push({ widget: i, path: `props.tags.${n}`, ...b }));
  });
  return out;
}
