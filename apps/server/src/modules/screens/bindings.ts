import { ErrorCode, documentBindings, type Binding, type ScreenDocument } from '@hmi/contract';
import { AppError } from '../../platform/errors';
import type { Target } from './access';

/** 1006 naming the field and the widget (`data.widget` is its id). */
function refuse(field: string, issue: string, widget: string): never {
  throw new AppError(
    ErrorCode.INPUT_PARAMETER,
    { field, issue, widget },
    {},
    `input parameter error: ${field} (widget ${widget})`,
  );
}

/** The problem with one binding for the target, as [field under the binding, issue], or null. */
export function bindingProblem(target: Target, b: Binding): [string, string] | null {
  if (target.owner.kind === 'template') {
    if (b.device_id !== undefined) return ['device_id', 'unknownId'];
    return target.tags.has(b.tag) ? null : ['tag', 'unknownId'];
  }
  if (b.device_id === undefined) return ['device_id', 'required'];
  const member = target.members.get(b.device_id);
  if (!member) return ['device_id', 'unknownId'];
  return member.tags.has(b.tag) ? null : ['tag', 'unknownId'];
}

/**
 * Checks every binding, alarm banner device and screen link of a document against its owner (a TAG
 * of the template; a member device of the project and a TAG of its template; a screen of the same
 * owner) and returns the devices the document binds. `prefix` is the body path of the document.
 */
export function checkDocument(
  doc: ScreenDocument,
  target: Target,
  screenIds: ReadonlySet<number>,
  prefix = 'document',
): number[] {
  const devices = new Set<number>();
  for (const b of documentBindings(doc)) {
    const widget = doc.widgets[b.widget];
    const problem = bindingProblem(target, b);
    if (problem)
      refuse(`${prefix}.widgets.${b.widget}.${b.path}.${problem[0]}`, problem[1], widget?.id ?? '');
    if (b.device_id !== undefined) devices.add(b.device_id);
  }
  doc.widgets.forEach((w, i) => {
    if (w.type === 'alarm_banner')
      w.props.device_ids.forEach((id, n) => {
        if (target.owner.kind === 'template' || !target.members.has(id))
          refuse(`${prefix}.widgets.${i}.props.device_ids.${n}`, 'unknownId', w.id);
        devices.add(id);
      });
    if (w.action?.kind === 'goto' && !screenIds.has(w.action.screen_id))
      refuse(`${prefix}.widgets.${i}.action.screen_id`, 'unknownId', w.id);
  });
  return [...devices];
}
