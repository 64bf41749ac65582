import type { WidgetInput } from './widgets';

/**
 * Widget builders for documents written as code (the demo plant, test fixtures): a widget reads as
 * its id, its box and what sets it apart, instead of a key a line.
 */

/** A widget's place in screen pixels: left, top, width, height. */
export type WidgetBox = readonly [x: number, y: number, w: number, h: number];

type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** What a widget is besides its id and box: its `type`, and its binding, props, ranges or action. */
export type WidgetParts = OmitEach<WidgetInput, 'id' | 'x' | 'y' | 'w' | 'h'>;

/** A widget's binding as written: a TAG, with its device on project screens. */
export type WidgetBindingInput = NonNullable<WidgetInput['binding']>;

/** The `props` a widget of `type` takes (all optional but a trend's lines and an image's asset). */
export type WidgetPropsInput<T extends WidgetParts['type']> = NonNullable<
  Extract<WidgetParts, { type: T }>['props']
>;

/** The widget `id` standing at `box`. */
export function widgetAt(id: string, [x, y, w, h]: WidgetBox, parts: WidgetParts): WidgetInput {
  return { id, x, y, w, h, ...parts };
}

/** A switch toggling the bool TAG it is bound to, the one action a switch has. */
export function toggleSwitch(
  id: string,
  box: WidgetBox,
  binding: WidgetBindingInput,
  props: WidgetPropsInput<'switch'> = {},
): WidgetInput {
  return widgetAt(id, box, { type: 'switch', binding, action: { kind: 'toggle' }, props });
}
