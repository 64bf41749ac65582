// @vitest-environment jsdom
/**
 * Templates and projects billing put out of service: the lists mark them with a translated
 * explanation, offer no edit or copy, and the template's alarm rules open read-only.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { i18next, renderPage, setLanguage } from '../../test/render';
import { signInAs, serveApi } from '../../test/apiServer';
import { ProjectListPage } from './ProjectListPage';
import { TemplateListPage } from './TemplateListPage';

const main = { is_main: true, permissions: [] };

const template = (id: number, expired: boolean) => ({
  id,
  name: `T${id}`,
  hmi_model: 'HMI-7000',
  version: 1,
  firmware: '',
  recipe: '',
  device_count: 0,
  tag_count: 0,
  created_at: 1700000000,
  updated_at: 1700000000,
  expired,
});
const project = (id: number, expired: boolean) => ({
  id,
  name: `P${id}`,
  device_count: 0,
  devices: [],
  created_at: 1700000000,
  updated_at: 1700000000,
  expired,
});

const api = serveApi();
beforeAll(async () => {
  api.routes.set('GET /v1/templates', () => ({ list: [template(1, false), template(2, true)], total: 2 }));
  api.routes.set('GET /v1/projects', () => ({ list: [project(5, false), project(6, true)], total: 2 }));
  api.routes.set('GET /v1/templates/2/alarm-rules', () => ({ list: [], total: 0 }));
  api.routes.set('GET /v1/templates/2/alarm-groups', () => ({ list: [], total: 0 }));
  api.routes.set('GET /v1/templates/2/tags', () => ({ list: [], total: 0, version: 1 }));
  api.routes.set('GET /v1/templates/2/alarm-settings', () => ({
    offline_alarm_minutes: 0,
    offline_alarm_level: 8,
  }));
});

describe('expired marks', { timeout: 60000 }, () => {
  it.each(['en-US', 'zh-CN', 'zh-TW'] as const)(
    'templates: marked with the reason (%s), no edit or copy, alarm rules read-only',
    async (locale) => {
      await setLanguage(locale);
      await signInAs(api, main);
      const view = renderPage(<TemplateListPage />);
      const mark = await screen.findByTestId('template-expired-2');
      expect(mark.textContent).toBe(i18next.t('billing:expired.tag'));
      expect(screen.queryByTestId('template-expired-1')).toBeNull();
      fireEvent.mouseEnter(mark);
      expect((await screen.findByRole('tooltip')).textContent).toBe(i18next.t('billing:expired.template'));
      for (const id of ['template-edit-1', 'template-copy-1', 'template-delete-2'])
        expect(screen.getByTestId(id)).toBeTruthy();
      for (const id of ['template-edit-2', 'template-copy-2']) expect(screen.queryByTestId(id)).toBeNull();

      fireEvent.click(screen.getByTestId('template-alarms-2'));
      const drawer = await screen.findByTestId('alarm-rules-drawer');
      await within(drawer).findByTestId('template-expired-notice');
      expect(within(drawer).queryByTestId('alarm-rule-add')).toBeNull();
      expect(within(drawer).queryByTestId('alarm-rules-import')).toBeNull();
      // The offline alarm setting shows, read-only.
      await within(drawer).findByTestId('offline-alarm-minutes');
      expect(within(drawer).queryByTestId('offline-alarm-save')).toBeNull();
      view.unmount();
    },
  );

  it('projects: marked with the reason; an expired one opens for viewing only', async () => {
    await setLanguage('en-US');
    await signInAs(api, main);
    renderPage(<ProjectListPage />);
    const mark = await screen.findByTestId('project-expired-6');
    expect(screen.queryByTestId('project-expired-5')).toBeNull();
    fireEvent.mouseEnter(mark);
    expect((await screen.findByRole('tooltip')).textContent).toBe(i18next.t('billing:expired.project'));
    fireEvent.click(screen.getByTestId('project-open-6'));
    await screen.findByText(i18next.t('project:form.viewTitle'));
  });
});
