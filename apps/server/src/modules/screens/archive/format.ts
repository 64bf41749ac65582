import {
  SCREEN_ARCHIVE_ENTRIES_MAX,
  SCREEN_ARCHIVE_INFLATED_MAX_BYTES,
  screenDocument,
  type Binding,
  type ScreenDocument,
  type Widget,
} from '@hmi/contract';
import { z } from 'zod';
import { ImportError } from '../import/refusal';
import type { DraftScreen, Resolver } from '../import/resolve';
import { sanitiseSvg } from '../svg/sanitise';
import { XmlError } from '../svg/xml';
import { readZip, writeZip } from './zip';

/**
 * The product's screen archive, a zip:
 * - `manifest.json`: `{ format: "hmi-screens", version: 1, devices: { "<id>": "<name>" }, screens: ["screens/1.json", …] }`
 *   (`devices` names the devices project bindings use, so an import binds by name);
 * - `screens/<n>.json`: `{ id, name, sort, document }`, the document as stored but each image asset
 *   `{ mime, file }` pointing at its bytes;
 * - `assets/<n>/<asset id>.<png|jpg|gif|webp>`: the image bytes.
 * Importing binds every variable again by device name and TAG name, and links between screens of
 * the archive (`goto`) to the new screens.
 */
export const ARCHIVE_FORMAT = 'hmi-screens';

const manifest = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.literal(1),
  devices: z.record(z.string(), z.string()).default({}),
  screens: z.array(z.string()).min(1).max(SCREEN_ARCHIVE_ENTRIES_MAX),
});

const archivedScreen = z.object({
  id: z.number().int(),
  name: z.string(),
  sort: z.number().int().default(0),
  document: z.looseObject({
    assets: z.record(z.string(), z.object({ mime: z.string(), file: z.string() })).default({}),
  }),
});

const extension: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

export interface ArchivedInput {
  id: number;
  name: string;
  sort: number;
  document: ScreenDocument;
}

export function writeArchive(
  screens: readonly ArchivedInput[],
  devices: ReadonlyMap<number, string>,
): Buffer {
  const entries: { name: string; data: Buffer }[] = [];
  const files: string[] = [];
  screens.forEach((s, n) => {
    const assets: Record<string, { mime: string; file: string }> = {};
    for (const [id, a] of Object.entries(s.document.assets)) {
      const file = `assets/${n + 1}/${id}.${extension[a.mime] ?? 'bin'}`;
      entries.push({ name: file, data: Buffer.from(a.data, 'base64') });
      assets[id] = { mime: a.mime, file };
    }
    const file = `screens/${n + 1}.json`;
    const body = { id: s.id, name: s.name, sort: s.sort, document: { ...s.document, assets } };
    entries.push({ name: file, data: Buffer.from(JSON.stringify(body, null, 1)) });
    files.push(file);
  });
  const head = { format: ARCHIVE_FORMAT, version: 1, devices: Object.fromEntries(devices), screens: files };
  return writeZip([{ name: 'manifest.json', data: Buffer.from(JSON.stringify(head, null, 1)) }, ...entries]);
}

function json(entries: Map<string, Buffer>, name: string): unknown {
  const data = entries.get(name);
  if (!data) throw new ImportError('missingEntry', { file: name });
  try {
    return JSON.parse(data.toString('utf8'));
  } catch {
    throw new ImportError('notJson', { file: name });
  }
}

const issueOf = (file: string, error: z.ZodError) => ImportError.ofSchema('invalidEntry', error, { file });

/**
 * Bindings, banner devices and links of an archived document, rebound to the import's target. A
 * trend keeps the TAGs that bind; one left with none is listed as unmapped (the report's variables
 * say which TAGs to map) rather than failing the whole import.
 */
function rebind(doc: ScreenDocument, devices: Record<string, string>, resolver: Resolver) {
  const links: DraftScreen['links'] = [];
  const unmapped: DraftScreen['unmapped'] = [];
  const bind = (b: Binding | null): Binding | null =>
    b &&
    resolver.bind(
      b.device_id === undefined ? null : (devices[String(b.device_id)] ?? `#${b.device_id}`),
      b.tag,
    );
  const widgets: Widget[] = [];
  for (const w of doc.widgets) {
    const out = { ...w, binding: bind(w.binding) } as Widget;
    if (out.type === 'trend') {
      const tags = out.props.tags.map(bind).filter((b): b is Binding => b !== null);
      if (!tags.length) {
        unmapped.push({ element_id: w.id, type: w.type, name: w.id });
        continue;
      }
      out.props = { ...out.props, tags };
    }
    if (out.action?.kind === 'goto') {
      links.push({ widget: widgets.length, target: String(out.action.screen_id) });
      out.action = null;
    }
    if (out.type === 'alarm_banner') {
      const ids = out.props.device_ids.map((id) => resolver.device(devices[String(id)] ?? ''));
      out.props = { ...out.props, device_ids: ids.filter((id): id is number => id !== null) };
    }
    widgets.push(out);
  }
  return { widgets, links, unmapped };
}

/** The screens of a product archive; ImportError with the reason when it cannot be read. */
export async function readArchive(buf: Buffer, resolver: Resolver): Promise<DraftScreen[]> {
  const entries = await readZip(buf, SCREEN_ARCHIVE_INFLATED_MAX_BYTES, SCREEN_ARCHIVE_ENTRIES_MAX);
  if (entries === 'notZip') throw new ImportError('notZip');
  if (!(entries instanceof Map))
    throw new ImportError(entries, {
      limit: entries === 'tooManyEntries' ? SCREEN_ARCHIVE_ENTRIES_MAX : SCREEN_ARCHIVE_INFLATED_MAX_BYTES,
    });
  const head = manifest.safeParse(json(entries, 'manifest.json'));
  if (!head.success) throw issueOf('manifest.json', head.error);
  return head.data.screens.map((file, sort) => {
    const parsed = archivedScreen.safeParse(json(entries, file));
    if (!parsed.success) throw issueOf(file, parsed.error);
    const s = parsed.data;
    const assets: Record<string, { mime: string; data: string }> = {};
    for (const [id, a] of Object.entries(s.document.assets)) {
      const bytes = entries.get(a.file);
      if (!bytes) throw new ImportError('missingEntry', { file: a.file });
      assets[id] = { mime: a.mime, data: bytes.toString('base64') };
    }
    const doc = screenDocument.safeParse({ ...s.document, assets });
    if (!doc.success) throw issueOf(file, doc.error);
    let artwork: string;
    try {
      artwork = sanitiseSvg(doc.data.artwork);
    } catch (err) {
      if (err instanceof XmlError) throw ImportError.ofXml(err, { file });
      throw err;
    }
    const { widgets, links, unmapped } = rebind(doc.data, head.data.devices, resolver);
    return {
      key: String(s.id),
      name: s.name,
      sort: s.sort ?? sort,
      document: { ...doc.data, artwork, widgets },
      links,
      unmapped,
    };
  });
}
