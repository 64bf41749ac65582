/**
 * The benches' screen: `count` widgets of 60×32 in a grid of 25 columns (64×36 apart), as a stored
 * screen of a template. `widgetAt` says what stands at each place.
 */
import { screenDocument, type Screen, type WidgetInput } from '@hmi/contract';

const COLUMNS = 25;

export interface Place {
  id: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

export function gridScreen(count: number, widgetAt: (i: number, place: Place) => WidgetInput): Screen {
  const widgets = Array.from({ length: count }, (_, i) =>
    widgetAt(i, { id: `w${i}`, x: (i % COLUMNS) * 64, y: Math.floor(i / COLUMNS) * 36, w: 60, h: 32 }),
  );
  const document = screenDocument.parse({ version: 1, width: COLUMNS * 64, height: 20 * 36, widgets });
  return {
    id: 1,
    name: 'bench',
    template_id: 1,
    project_id: null,
    sort: 0,
    width: document.width,
    height: document.height,
    widget_count: count,
    version: 1,
    created_at: 0,
    updated_at: 0,
    document,
  };
}
