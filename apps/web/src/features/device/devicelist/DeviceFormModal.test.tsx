// @vitest-environment jsdom
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Label } from '@hmi/contract';
import { field, i18next, renderPage, setLanguage, submitOf } from '../../../test/render';
import { signInAs, serveApi } from '../../../test/apiServer';
import { deviceRow } from '../../../test/deviceFixtures';
import { DeviceFormModal } from './DeviceFormModal';

const labels: Label[] = Array.from({ length: 12 }, (_, i) => ({
  id: i + 1,
  name: `label-${i + 1}`,
  device_count: 0,
  created_at: 1700000000,
}));

const api = serveApi();
beforeAll(async () => {
  api.routes.set('POST /v1/devices', (req) => deviceRow(9, req.body as Record<string, unknown>));
});

function renderBind() {
  return renderPage(
    <DeviceFormModal
      open
      groups={[]}
      labels={labels}
      templates={[]}
      onClose={() => undefined}
      onSaved={() => undefined}
    />,
  );
}

const type = (name: string, value: string) => fireEvent.change(field('device', name), { target: { value } });

/** Opens the labels picker and clicks the first `count` labels. */
async function pickLabels(count: number) {
  const select = document.querySelector('#device_label_ids')?.closest('.ant-select');
  if (!select) throw new Error('no label select');
  fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
  const listbox = await screen.findByRole('listbox');
  const popup = listbox.closest('.ant-select-dropdown') as HTMLElement;
  for (let i = 1; i <= count; i += 1) fireEvent.click(within(popup).getByTitle(`label-${i}`));
}

describe('DeviceFormModal (bind)', { timeout: 60000 }, () => {
  beforeEach(async () => {
    await setLanguage('zh-CN');
    await signInAs(api, { is_main: true, permissions: [] });
    api.calls.length = 0;
  });

  it('shows the name tip and refuses reserved and badly started names with the translated reason', async () => {
    renderBind();
    expect(screen.getByText(i18next.t('device:form.nameTip'))).toBeTruthy();
    type('sn', 'SN-1');
    type('pin', '123456');
    type('name', 'Alarm');
    fireEvent.click(submitOf('device'));
    expect(await screen.findByText(i18next.t('validation:deviceNameReserved'))).toBeTruthy();
    type('name', '1press');
    expect(await screen.findByText(i18next.t('validation:deviceNameStart'))).toBeTruthy();
    type('name', 'press 1');
    expect(await screen.findByText(i18next.t('validation:deviceNameChars'))).toBeTruthy();
    expect(api.calls.filter((c) => c.path === '/v1/devices')).toEqual([]);
  });

  it('refuses more than 10 labels, then binds with 10', async () => {
    renderBind();
    type('sn', 'SN-1');
    type('pin', '123456');
    type('name', '压机1号');
    await pickLabels(11);
    fireEvent.click(submitOf('device'));
    expect(await screen.findByText(i18next.t('validation:labelsPerDevice'))).toBeTruthy();
    expect(api.calls.filter((c) => c.path === '/v1/devices')).toEqual([]);

    // Drop the eleventh again.
    const popup = screen.getByRole('listbox').closest('.ant-select-dropdown') as HTMLElement;
    fireEvent.click(within(popup).getByTitle('label-11'));
    fireEvent.click(submitOf('device'));
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'POST' && c.path === '/v1/devices')).toBe(true),
    );
    const body = api.calls.find((c) => c.path === '/v1/devices')?.body as {
      label_ids: number[];
      name: string;
      sn: string;
    };
    expect(body.name).toBe('压机1号');
    expect(body.sn).toBe('SN-1');
    expect(body.label_ids).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('speaks English', async () => {
    await setLanguage('en-US');
    renderBind();
    type('name', 'var');
    type('sn', 'bad sn!');
    fireEvent.click(submitOf('device'));
    expect(await screen.findByText('The device name cannot be a reserved word')).toBeTruthy();
    expect(await screen.findByText(i18next.t('validation:snFormat'))).toBeTruthy();
    expect(screen.getByText(/Must start with a Chinese character or an English letter/)).toBeTruthy();
  });
});
