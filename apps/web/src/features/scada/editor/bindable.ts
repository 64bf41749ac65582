/** What the screen being edited may bind: the template's TAGs, or the project's devices and theirs. */
import type { DefaultOptionType } from 'antd/es/select';
import type { Binding } from '@hmi/contract';

export interface BindableTag {
  name: string;
  data_type: number;
}

export type Bindable =
  | { kind: 'template'; tags: readonly BindableTag[] }
  | { kind: 'project'; devices: readonly { id: number; name: string; tags: readonly BindableTag[] }[] };

/** A binding as one option value (`tag` on template screens, `device:tag` on project screens). */
export const bindingKey = (b: Binding): string =>
  b.device_id === undefined ? b.tag : `${b.device_id}:${b.tag}`;

export function keyBinding(key: string, kind: Bindable['kind']): Binding {
  if (kind === 'template') return { tag: key };
  const at = key.indexOf(':');
  return { device_id: Number(key.slice(0, at)), tag: key.slice(at + 1) };
}

/** Every TAG that may be bound, as searchable options (grouped by device on project screens). */
export function bindingOptions(b: Bindable): DefaultOptionType[] {
  if (b.kind === 'template') return b.tags.map((t) => ({ value: t.name, label: t.name }));
  return b.devices.map((d) => ({
    label: d.name,
    title: d.name,
    options: d.tags.map((t) => ({ value: `${d.id}:${t.name}`, label: `${d.name} · ${t.name}` })),
  }));
}

/** The first TAG there is (a new trend needs one line), or null. */
export function firstBinding(b: Bindable): Binding | null {
  if (b.kind === 'template') return b.tags[0] ? { tag: b.tags[0].name } : null;
  for (const d of b.devices) if (d.tags[0]) return { device_id: d.id, tag: d.tags[0].name };
  return null;
}
