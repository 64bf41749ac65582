import { colour, SCREEN_SIZE_MAX, SCREEN_SIZE_MIN, type WidgetInput } from '@hmi/contract';
import { z } from 'zod';
import { elementBoxes } from '../svg/geometry';
import { sanitiseTree } from '../svg/sanitise';
import { attr, elements, parseXml, XmlError, type XmlElement } from '../svg/xml';
import { widgetOfItem } from './fuxa-items';
import { fuxaItem, type FuxaLookup } from './fuxa-schema';
import { ImportError } from './refusal';
import { unfitValue, type DraftScreen, type Resolver } from './resolve';

/**
 * FUXA projects (the JSON its editor saves, `ProjectData`): `hmi.views[]` each with `profile`
 * (width, height, bkcolor), `svgcontent` and `items` keyed by SVG element id (`type`, `property`
 * with `variableId`, `ranges`, `events`); `devices` keyed by id or name, each with `tags` keyed by
 * TAG id; `charts[]` with `lines`. A `variableId` is a TAG id, or `device^~^tag` in older files.
 */
const fuxaProject = z.looseObject({
  hmi: z.looseObject({
    layout: z.looseObject({ start: z.string().optional().nullable() }).optional().nullable().catch(null),
    views: z
      .array(
        z.looseObject({
          id: z.string(),
          name: z.string().default(''),
          type: z.string().optional().nullable(),
          profile: z
            .looseObject({
              width: z.coerce.number().optional(),
              height: z.coerce.number().optional(),
              bkcolor: z.string().optional().nullable(),
            })
            .default({}),
          items: z.record(z.string(), fuxaItem).default({}),
          svgcontent: z.string().default(''),
        }),
      )
      .max(500),
  }),
  devices: z
    .record(
      z.string(),
      z.looseObject({
        id: z.string().optional(),
        name: z.string().optional(),
        tags: z
          .record(z.string(), z.looseObject({ id: z.string().optional(), name: z.string().optional() }))
          .default({}),
      }),
    )
    .default({}),
  charts: z
    .array(
      z.looseObject({
        id: z.string(),
        lines: z.array(z.looseObject({ id: z.string(), device: z.string().optional() })).default([]),
      }),
    )
    .default([]),
});
type Project = z.infer<typeof fuxaProject>;

/** Separates device and TAG in FUXA's older variable ids. */
export const FUXA_SEPARATOR = '^~^';

function lookupOf(project: Project): FuxaLookup {
  const devices = Object.entries(project.devices).map(([key, d]) => ({ key, ...d, name: d.name ?? key }));
  const findDevice = (ref: string) => devices.find((d) => d.key === ref || d.id === ref || d.name === ref);
  const tagName = (device: (typeof devices)[number] | undefined, ref: string) =>
    device?.tags[ref]?.name ?? Object.values(device?.tags ?? {}).find((t) => t.id === ref)?.name ?? ref;
  const byTagId = (id: string) => {
    for (const d of devices) {
      const t = d.tags[id] ?? Object.values(d.tags).find((x) => x.id === id);
      if (t) return { device: d.name, tag: t.name ?? id };
    }
    return null;
  };
  return {
    variable(p) {
      const id = p.variableId;
      if (!id) return p.variable ? { device: null, tag: p.variable } : null;
      if (id.includes(FUXA_SEPARATOR)) {
        const [dev = '', tag = ''] = id.split(FUXA_SEPARATOR);
        const d = findDevice(dev);
        return { device: d?.name ?? dev, tag: tagName(d, tag) };
      }
      return byTagId(id) ?? { device: null, tag: p.variable ?? id };
    },
    chartLines(chartId) {
      const chart = project.charts.find((c) => c.id === chartId);
      return (chart?.lines ?? []).map((l) => {
        const d = l.device === undefined ? undefined : findDevice(l.device);
        return d ? { device: d.name, tag: tagName(d, l.id) } : (byTagId(l.id) ?? { device: null, tag: l.id });
      });
    },
  };
}

const size = (v: number | undefined, fallback: number) =>
  Math.min(
    SCREEN_SIZE_MAX,
    Math.max(SCREEN_SIZE_MIN, Math.round(Number.isFinite(v) ? (v as number) : fallback)),
  );
const widgetIdOf = (id: string, taken: Set<string>) => {
  const base = id.replace(/[^A-Za-z0-9_.:-]/g, '_').slice(0, 60) || 'w';
  let out = base;
  for (let n = 2; taken.has(out); n++) out = `${base}_${n}`;
  taken.add(out);
  return out;
};

/** Each SVG view of a FUXA project as a screen; ImportError with the reason when it cannot be read. */
export function readFuxa(text: string, resolver: Resolver): DraftScreen[] {
  let raw: unknown;
  try {
    raw = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    throw new ImportError('notJson');
  }
  const parsed = fuxaProject.safeParse(raw);
  if (!parsed.success) {
    throw ImportError.ofSchema('notFuxa', parsed.error);
  }
  const lookup = lookupOf(parsed.data);
  const all = parsed.data.hmi.views.filter((v) => !v.type || v.type === 'svg');
  // The view FUXA opens first (`layout.start`) is the first screen.
  const start = parsed.data.hmi.layout?.start;
  const views = [...all.filter((v) => v.id === start), ...all.filter((v) => v.id !== start)];
  const viewIds = new Set(views.map((v) => v.id));
  return views.map((view, sort) => {
    let root;
    try {
      root = parseXml(view.svgcontent || '<svg/>');
    } catch (err) {
      if (err instanceof XmlError) throw ImportError.ofXml(err, { view: view.name });
      throw err;
    }
    const width = size(view.profile.width, 1024);
    const height = size(view.profile.height, 768);
    // The viewer stretches the artwork over the screen: its coordinates are the screen's.
    if (!root.attrs.some(([n]) => n === 'viewBox')) root.attrs.push(['viewBox', `0 0 ${width} ${height}`]);
    const boxes = elementBoxes(root);
    const byId = new Map<string, XmlElement>();
    for (const el of elements(root)) {
      const id = attr(el, 'id');
      if (id !== undefined && !byId.has(id)) byId.set(id, el);
    }
    const widgets: WidgetInput[] = [];
    const links: DraftScreen['links'] = [];
    const unmapped: DraftScreen['unmapped'] = [];
    const items: NonNullable<DraftScreen['items']> = [];
    const typeProblems: NonNullable<DraftScreen['typeProblems']> = [];
    const drop = new Set<string>();
    const taken = new Set<string>();
    for (const [elementId, item] of Object.entries(view.items)) {
      const out = widgetOfItem(item, {
        id: widgetIdOf(elementId, taken),
        root,
        group: byId.get(elementId),
        box: boxes.get(elementId),
        lookup,
        resolver,
        views: viewIds,
      });
      const named = { element_id: elementId, type: item.type, name: item.name };
      if (out.drop) drop.add(elementId);
      if (!out.widget) {
        unmapped.push(named);
        items.push({ ...named, ...out.report });
        continue;
      }
      const unfit = unfitValue(out.widget, resolver);
      if (unfit !== null && out.widget.binding) {
        out.report.notes.push('valueType');
        typeProblems.push({ element: elementId, tag: out.widget.binding.tag, value: unfit });
      }
      items.push({ ...named, ...out.report });
      if (out.link) links.push({ widget: widgets.length, target: out.link.target, dialog: out.link.dialog });
      widgets.push(out.widget);
    }
    let artwork: string;
    try {
      artwork = sanitiseTree(root, { drop });
    } catch (err) {
      if (err instanceof XmlError) throw ImportError.ofXml(err, { view: view.name });
      throw err;
    }
    const background = colour.safeParse(view.profile.bkcolor);
    return {
      key: view.id,
      name: view.name,
      sort,
      document: {
        version: 1,
        width,
        height,
        ...(background.success ? { background: background.data } : {}),
        artwork,
        widgets,
      },
      links,
      unmapped,
      items,
      typeProblems,
    };
  });
}
