// @vitest-environment jsdom
/** The rule import result opens on the tab that has something to show, never on an empty one. */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { i18next, renderPage } from '../../../test/render';
import { ImportResultModal, type ImportResult } from './ImportResultModal';

const open = (result: ImportResult) =>
  renderPage(<ImportResultModal result={result} onClose={() => undefined} />);
const activeTab = () => document.querySelector('.ant-tabs-tab-active')?.textContent;

describe('import result', () => {
  it('opens on the updated rows when none was created or refused', async () => {
    open({ created: [], updated: [{ row: 2, name: 'Rule 21' }], refused: [] });
    expect((await screen.findByTestId('alarm-import-updated')).textContent).toContain('Rule 21');
    expect(activeTab()).toBe(i18next.t('alarm:import.updated', { count: 1 }));
    expect(screen.queryByTestId('alarm-import-created')).toBeNull();
  });

  it('opens on the refusals when there are any, else on the created rows', async () => {
    const { unmount } = open({
      created: [{ row: 2, name: 'High temp' }],
      updated: [{ row: 3, name: 'Rule 21' }],
      refused: [{ row: 4, name: 'Bad speed', field: 'alarm_value', issue: 'alarmValueMismatch' }],
    });
    expect((await screen.findByTestId('alarm-import-refused')).textContent).toContain('Bad speed');
    unmount();
    open({ created: [{ row: 2, name: 'High temp' }], updated: [{ row: 3, name: 'Rule 21' }], refused: [] });
    expect((await screen.findByTestId('alarm-import-created')).textContent).toContain('High temp');
  });
});
