import { z } from 'zod';

const loose = z.union([z.number(), z.string()]).optional().nullable();

/** A FUXA item event (`GaugeEvent`): its trigger, action, parameter and options. */
export const fuxaEvent = z.looseObject({
  type: z.string().optional().nullable(),
  action: z.string().optional().nullable(),
  actparam: loose,
  actoptions: z
    .looseObject({
      variableId: z.string().optional().nullable(),
      variable: z
        .looseObject({ variableId: z.string().optional().nullable() })
        .optional()
        .nullable()
        .catch(null),
      function: z.string().optional().nullable(),
    })
    .optional()
    .nullable()
    .catch(null),
});
export type FuxaEvent = z.infer<typeof fuxaEvent>;

/**
 * What a click on a FUXA item does, resolved as FUXA's viewer resolves it (`runEvents`,
 * `onSetValue`): events are stored by the action's key (`onSetValue`) in current files and by its
 * value (`shapes.event-onsetvalue`) in some older ones; a set, toggle or input writes to the
 * variable its event options name (`actoptions.variable.variableId`, or the legacy
 * `actoptions.variableId`) and only without one to the item's own variable.
 */
export type Click =
  | { kind: 'none' }
  | { kind: 'unsupported' }
  | { kind: 'write'; value: string; variableId: string | null }
  | { kind: 'toggle'; variableId: string | null }
  | { kind: 'input'; variableId: string | null }
  | { kind: 'link'; view: string; dialog: boolean };

const plain = (s: string | null | undefined) => (s ?? '').toLowerCase().replace(/^shapes\.event-/, '');

/** Pointer triggers FUXA runs on a click or touch (mouse-up/over/out are not clicks). */
const CLICKS = new Set(['click', 'mousedown', 'dblclick']);

function variableOf(e: FuxaEvent): string | null {
  const o = e.actoptions;
  return o?.variable?.variableId || o?.variableId || null;
}

function clickOfEvent(e: FuxaEvent): Click {
  const param = e.actparam === null || e.actparam === undefined ? '' : String(e.actparam);
  switch (plain(e.action)) {
    case 'onsetvalue': {
      // `add` and `remove` change the value by the parameter: no fixed write stands for them.
      const fn = plain(e.actoptions?.function).replace(/^setvalue-/, '');
      if (fn && fn !== 'set') return { kind: 'unsupported' };
      // FUXA sends nothing for an empty parameter.
      return param ? { kind: 'write', value: param, variableId: variableOf(e) } : { kind: 'unsupported' };
    }
    case 'ontogglevalue':
      return { kind: 'toggle', variableId: variableOf(e) };
    case 'onsetinput':
      return { kind: 'input', variableId: variableOf(e) };
    case 'onpage':
      return param ? { kind: 'link', view: param, dialog: false } : { kind: 'unsupported' };
    // A dialog, and FUXA's floating cards (`onwindow`/`oncard`), open over the screen.
    case 'ondialog':
    case 'onwindow':
    case 'oncard':
      return param ? { kind: 'link', view: param, dialog: true } : { kind: 'unsupported' };
    default:
      return { kind: 'unsupported' };
  }
}

/** The first click event this console can run; `unsupported` when clicks exist but none can run. */
export function clickOf(events: readonly FuxaEvent[] | null | undefined): Click {
  let seen = false;
  for (const e of events ?? []) {
    if (!CLICKS.has(plain(e.type))) continue;
    seen = true;
    const click = clickOfEvent(e);
    if (click.kind !== 'unsupported') return click;
  }
  return seen ? { kind: 'unsupported' } : { kind: 'none' };
}
