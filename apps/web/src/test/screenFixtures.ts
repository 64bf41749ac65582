/** Fixtures and antd helpers of the screens drawer and import wizard tests. */
import { fireEvent } from '@testing-library/react';
import type { ImportedItem, ImportReport, Screen, ScreenDocument, ScreenSummary } from '@hmi/contract';

export const TEMPLATE_ID = 3;
export const PROJECT_ID = 5;

export const screenRow = (id: number, patch: Partial<ScreenSummary> = {}): ScreenSummary => ({
  id,
  name: `Screen ${id}`,
  template_id: TEMPLATE_ID,
  project_id: null,
  sort: 0,
  width: 1024,
  height: 600,
  widget_count: 4,
  version: 1,
  created_at: 1700000000,
  updated_at: 1700000000,
  ...patch,
});

/** A screen of the viewer's tests around `document` (its size and widget count taken from it). */
export const screenOf = (document: ScreenDocument, patch: Partial<ScreenSummary> = {}): Screen => ({
  ...screenRow(1, {
    name: 'Oven',
    width: document.width,
    height: document.height,
    created_at: 0,
    updated_at: 0,
  }),
  widget_count: document.widgets.length,
  ...patch,
  document,
});

/** An item of an import report, named after its element id. */
export const fuxaItem = (
  element_id: string,
  type: string,
  widget: ImportedItem['widget'],
  action: string | null,
  notes: ImportedItem['notes'],
  binding: ImportedItem['binding'] = null,
  source: string | null = null,
): ImportedItem => ({ element_id, type, name: element_id, widget, source, binding, action, notes });

/** What a dry run of the FUXA fixture reports against a template lacking `temp` and `state`. */
export const fuxaReport: ImportReport = {
  screens: [
    {
      name: 'Oven',
      widgets: 9,
      unmapped: [{ element_id: 'HXF_web', type: 'svg-ext-html_iframe', name: 'Web' }],
      items: [
        fuxaItem('HXB_start', 'svg-ext-html_button', 'button', 'write', ['eventVariable']),
        fuxaItem('HXB_none', 'svg-ext-html_button', 'button', null, ['noWriteTarget']),
        fuxaItem('HXF_web', 'svg-ext-html_iframe', null, null, ['notDrawn']),
      ],
    },
    { name: 'Details', widgets: 1, unmapped: [], items: [] },
  ],
  variables: [
    { source: 'PLC1^~^temp', device: 'PLC1', tag: 'temp', binding: null, widgets: 3 },
    { source: 'PLC1^~^running', device: 'PLC1', tag: 'running', binding: { tag: 'running' }, widgets: 3 },
    { source: 'PLC1^~^state', device: 'PLC1', tag: 'state', binding: null, widgets: 1 },
  ],
};

/** A file input's change as a user picking `file`. */
export function chooseFile(file: File): void {
  const input = document.querySelector<HTMLInputElement>('.ant-modal input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [file] } });
}
