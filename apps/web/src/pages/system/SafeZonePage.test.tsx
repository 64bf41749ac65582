// @vitest-environment jsdom
/**
 * The security-zone screen explains what a zone means here in every locale, and refuses a name
 * that is not letters and digits with the translated message before any call.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { field, i18next, renderPage, setLanguage, submitOf } from '../../test/render';
import { emptyPage, signInAs, serveApi } from '../../test/apiServer';
import { SafeZonePage } from './SafeZonePage';

const api = serveApi();
beforeAll(async () => {
  api.routes.set('GET /v1/zones', emptyPage);
  api.routes.set('GET /v1/devices', emptyPage);
  api.routes.set('GET /v1/groups', () => []);
});

describe('security zones', { timeout: 30000 }, () => {
  it.each([
    {
      locale: 'zh-CN' as const,
      title: '什么是安全区域',
      parts: ['CIDR', '主账号不受安全区域限制', '最多 20 个'],
    },
    {
      locale: 'zh-TW' as const,
      title: '什麼是安全區域',
      parts: ['CIDR', '主帳號不受安全區域限制', '最多 20 個'],
    },
    {
      locale: 'en-US' as const,
      title: 'What a security zone is',
      parts: ['CIDR', 'The main account is not restricted by zones', 'at most 20 zones'],
    },
  ])('explains zones in $locale: devices or groups, networks, the main account unrestricted', async (c) => {
    await setLanguage(c.locale);
    await signInAs(api, { is_main: true, permissions: [] });
    const view = renderPage(<SafeZonePage />);
    const help = await screen.findByTestId('zone-help');
    expect(help.textContent).toContain(c.title);
    for (const part of c.parts) expect(help.textContent).toContain(part);
    view.unmount();
  });

  it('refuses a name other than letters and digits with the translated message', async () => {
    await setLanguage('en-US');
    await signInAs(api, { is_main: true, permissions: [] });
    renderPage(<SafeZonePage />);
    fireEvent.click(await screen.findByTestId('zone-add'));
    fireEvent.change(field('zone', 'name'), { target: { value: 'Plant-1' } });
    fireEvent.click(submitOf('zone'));
    expect(await screen.findByText(i18next.t('validation:zoneNameChars'))).toBeTruthy();
    expect(i18next.t('validation:zoneNameChars')).toBe(
      'The security zone name may only contain letters and digits',
    );
    expect(api.callsTo('POST /v1/zones')).toHaveLength(0);
  });
});
