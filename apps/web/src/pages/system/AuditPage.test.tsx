// @vitest-environment jsdom
/**
 * The audit screen shows who did what, from where, with a TAG write's old → new value, in every
 * locale; its action filter asks the server for that action only.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AuditEntry } from '@hmi/contract';
import { i18next, renderPage, setLanguage } from '../../test/render';
import { signInAs, serveApi } from '../../test/apiServer';
import { AuditPage } from './AuditPage';

const entries: AuditEntry[] = [
  {
    id: 4,
    at: 1_772_353_000,
    user_id: 5,
    user_name: 'Ann',
    user_account: 'ann@example.com',
    ip: '10.9.9.9',
    action: 'roleAdded',
    target: 'Operator',
    detail: { permissions: '2,4', zones: '' },
  },
  {
    id: 3,
    at: 1_772_352_500,
    user_id: 5,
    user_name: 'Ann',
    user_account: 'ann@example.com',
    ip: '10.9.9.9',
    action: 'cardActivated',
    target: 'AB12CD34',
    detail: { type: 'remote' },
  },
  {
    id: 2,
    at: 1_772_352_000,
    user_id: 5,
    user_name: 'Ann',
    user_account: 'ann@example.com',
    ip: '10.9.9.9',
    action: 'tagWrite',
    target: 'Oven HMI',
    detail: { tag: 'setpoint', old: '12', new: '34', status: 'pending' },
  },
  {
    id: 1,
    at: 1_772_351_000,
    user_id: 5,
    user_name: 'Ann',
    user_account: 'ann@example.com',
    ip: '10.9.9.9',
    action: 'alarmAcknowledged',
    target: 'Hot oven',
    detail: { device: 'Oven HMI', tag: 'temperature', value: '31', record: '7' },
  },
  {
    id: 5,
    at: 1_772_350_000,
    user_id: 5,
    user_name: 'Ann',
    user_account: 'ann@example.com',
    ip: '',
    action: 'tagWriteFailed',
    target: 'Oven HMI',
    detail: { tag: 'setpoint', new: '77', error: 'exception:2' },
  },
];

const api = serveApi();
beforeAll(async () => {
  api.routes.set('GET /v1/audit', (req) => {
    const action = req.query.get('action');
    const list = action ? entries.filter((e) => e.action === action) : entries;
    return { list, total: list.length };
  });
});

describe('audit log', { timeout: 30000 }, () => {
  it.each([
    {
      locale: 'zh-CN' as const,
      write: '写入TAG',
      ack: '确认告警',
      device: '设备：Oven HMI',
      failed: ['写入TAG失败', 'setpoint ← 77：PLC 拒绝：异常码 2（非法数据地址）'],
    },
    {
      locale: 'zh-TW' as const,
      write: '寫入TAG',
      ack: '確認告警',
      device: '設備：Oven HMI',
      failed: ['寫入TAG失敗', 'setpoint ← 77：PLC 拒絕：例外碼 2（非法資料位址）'],
    },
    {
      locale: 'en-US' as const,
      write: 'TAG written',
      ack: 'Alarm acknowledged',
      device: 'Device: Oven HMI',
      failed: ['TAG write failed', 'setpoint ← 77: the PLC refused: exception 2 (illegal data address)'],
    },
  ])('lists actions with who, where and the particulars in $locale', async (c) => {
    await setLanguage(c.locale);
    await signInAs(api, { is_main: true, permissions: [] });
    const view = renderPage(<AuditPage />);
    expect((await screen.findByTestId('audit-action-2')).textContent).toBe(c.write);
    expect(screen.getByTestId('audit-action-1').textContent).toBe(c.ack);
    expect(screen.getByTestId('audit-detail-2').textContent).toMatch(/^setpoint(: |：)12 → 34$/);
    expect(screen.getByTestId('audit-detail-1').textContent).toContain(c.device);
    // A write the PLC refused: its reason in words.
    expect([
      screen.getByTestId('audit-action-5').textContent,
      screen.getByTestId('audit-detail-5').textContent,
    ]).toEqual(c.failed);
    expect(screen.getByTestId('audit-table').textContent).toContain('10.9.9.9');
    view.unmount();
  });

  it('words codes by name: permission ids, the card type', async () => {
    await setLanguage('en-US');
    await signInAs(api, { is_main: true, permissions: [] });
    const view = renderPage(<AuditPage />);
    expect((await screen.findByTestId('audit-detail-4')).textContent).toBe(
      `Permissions: ${i18next.t('role:permission.2')}, ${i18next.t('role:permission.4')}`,
    );
    expect(screen.getByTestId('audit-detail-3').textContent).toBe('Card type: Remote Access card');
    view.unmount();
  });

  it('asks for one action when the filter picks it', async () => {
    await setLanguage('en-US');
    await signInAs(api, { is_main: true, permissions: [] });
    renderPage(<AuditPage />);
    await screen.findByTestId('audit-action-1');
    const select = screen.getByTestId('audit-action-filter').closest('.ant-select') as HTMLElement;
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
    fireEvent.click(await screen.findByTitle('Failed sign-in'));
    await waitFor(() => expect(screen.queryByTestId('audit-action-2')).toBeNull());
    expect(api.callsTo('GET /v1/audit').at(-1)?.query.get('action')).toBe('loginFailed');
  });
});
