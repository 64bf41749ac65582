// @vitest-environment jsdom
/**
 * The device list's "config screen" (id 7): shown for a device with a template to those holding 7,
 * it opens /scada for that device in a new tab whose address carries no token.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderPage, setLanguage } from '../../test/render';
import { signInAs, serveApi } from '../../test/apiServer';
import { DeviceListPage } from './DeviceListPage';
import { deviceRow } from '../../test/deviceFixtures';

const api = serveApi();
beforeAll(async () => {
  api.routes.set('GET /v1/devices', () => ({
    list: [deviceRow(7, { template_id: 3, template_name: 'Line' }), deviceRow(8)],
    total: 2,
  }));
  api.routes.set('GET /v1/groups', () => []);
  api.routes.set('GET /v1/labels', () => ({ list: [], total: 0 }));
  api.routes.set('GET /v1/templates', () => ({ list: [], total: 0 }));
  await setLanguage('en-US');
});

describe('config screen in the device list', { timeout: 30000 }, () => {
  it('needs id 7 and a template, and opens the viewer in a new tab without a token', async () => {
    await signInAs(api, { is_main: false, permissions: [2, 7] });
    const holder = renderPage(<DeviceListPage />);
    await screen.findByTestId('device-link-7');
    expect(screen.queryByTestId('device-scada-8')).toBeNull(); // no template, no screens
    expect(screen.queryByTestId('device-edit-7')).toBeNull();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    fireEvent.click(screen.getByTestId('device-scada-7'));
    expect(screen.getByTestId('device-scada-7').getAttribute('aria-label')).toBe('Config screen');
    expect(open).toHaveBeenCalledWith(`${window.location.pathname}#/scada?device=7`, '_blank', 'noopener');
    expect(JSON.stringify(open.mock.calls)).not.toMatch(/token/i);
    open.mockRestore();
    // One page at a time: a second one would show the cached list at once beside the first.
    holder.unmount();

    await signInAs(api, { is_main: false, permissions: [2, 4] });
    renderPage(<DeviceListPage />);
    await screen.findByTestId('device-link-7');
    expect(screen.queryByTestId('device-scada-7')).toBeNull();
  });
});
