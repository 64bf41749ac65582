import {
  parseTypedValue,
  type Binding,
  type ImportedItem,
  type ImportReport,
  type WidgetInput,
} from '@hmi/contract';
import { failInput } from '../../../platform/errors';
import type { Target } from '../access';
import { bindingProblem } from '../bindings';

/** A screen read from an imported file, before it is stored. */
export interface DraftScreen {
  /** The screen's id in the file (FUXA view id, archive screen id), for links between screens. */
  key: string;
  name: string;
  sort: number;
  /** A document input (the contract parses it, applying defaults and limits). */
  document: {
    version: 1;
    width: number;
    height: number;
    background?: string;
    artwork: string;
    widgets: WidgetInput[];
    assets?: Record<string, { mime: string; data: string }>;
  };
  /**
   * Widgets that open another screen of the file (as a dialog over this one, or in its place), by
   * that screen's key (ids known only once stored).
   */
  links: { widget: number; target: string; dialog?: boolean }[];
  unmapped: ImportReport['screens'][number]['unmapped'];
  /** Every item and what it became (formats that list their items). */
  items?: ImportedItem[];
  /** Values items write that their TAG cannot hold (refused unless a dry run). */
  typeProblems?: { element: string; tag: string; value: string }[];
}

/** The `tag_map` key of a variable: FUXA's `device^~^tag`, or the TAG name alone. */
export const sourceOf = (device: string | null, tag: string): string => (device ? `${device}^~^${tag}` : tag);

/**
 * Binds imported variables (a device name or none, and a TAG name) to the target: by `tag_map`
 * first, then by name — a TAG of the template; for a project, the TAG of the member device of that
 * name, or of the only member device having such a TAG. Records every variable for the report.
 */
export class Resolver {
  private readonly seen = new Map<string, ImportReport['variables'][number]>();

  constructor(
    private readonly target: Target,
    private readonly tagMap: Readonly<Record<string, Binding | null>>,
  ) {
    for (const [source, b] of Object.entries(tagMap)) {
      const problem = b && bindingProblem(target, b);
      if (problem) failInput(`tag_map.${source}.${problem[0]}`, problem[1]);
    }
  }

  private byName(device: string | null, tag: string): Binding | null {
    if (this.target.owner.kind === 'template') return this.target.tags.has(tag) ? { tag } : null;
    const members = [...this.target.members.values()];
    const named = device === null ? undefined : members.find((m) => m.name === device);
    if (named) return named.tags.has(tag) ? { device_id: named.id, tag } : null;
    const having = members.filter((m) => m.tags.has(tag));
    return having.length === 1 && having[0] ? { device_id: having[0].id, tag } : null;
  }

  bind(device: string | null, tag: string): Binding | null {
    const source = sourceOf(device, tag);
    const known = this.seen.get(source);
    if (known) {
      known.widgets += 1;
      return known.binding;
    }
    const binding = source in this.tagMap ? (this.tagMap[source] ?? null) : this.byName(device, tag);
    this.seen.set(source, { source, device, tag, binding, widgets: 1 });
    return binding;
  }

  /** A member device of the target project by name (alarm banners), or null. */
  device(name: string): number | null {
    for (const m of this.target.members.values()) if (m.name === name) return m.id;
    return null;
  }

  /** The data type of a bound TAG (undefined: not a TAG of the target). */
  dataType(b: Binding): number | undefined {
    if (this.target.owner.kind === 'template') return this.target.tags.get(b.tag);
    return b.device_id === undefined ? undefined : this.target.members.get(b.device_id)?.tags.get(b.tag);
  }

  variables(): ImportReport['variables'] {
    return [...this.seen.values()];
  }
}

/**
 * The first value a widget writes that its TAG's data type cannot hold (a fixed write, an input's
 * bounds, a select's options, a slider's ends), or null. The viewer would refuse it only at the click.
 */
export function unfitValue(w: WidgetInput, resolver: Resolver): string | null {
  const type = w.binding ? resolver.dataType(w.binding) : undefined;
  if (type === undefined) return null;
  const values: unknown[] = [];
  if (w.action?.kind === 'write') values.push(w.action.value);
  if (w.action?.kind === 'input') values.push(w.action.min, w.action.max);
  if (w.type === 'select') values.push(...(w.props?.options ?? []).map((o) => o.value));
  if (w.type === 'slider') values.push(w.props?.min, w.props?.max);
  for (const v of values) {
    if (v === null || v === undefined) continue;
    const text = typeof v === 'boolean' ? (v ? '1' : '0') : String(v);
    if (!parseTypedValue(type, text).ok) return text;
  }
  return null;
}
