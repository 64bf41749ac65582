// @vitest-environment jsdom
/** Recharge records: the team's activations, paged, filtered by card type. */
import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderPage, setLanguage } from '../../test/render';
import { signInAs, serveApi } from '../../test/apiServer';
import { RechargeRecordPage } from './RechargeRecordPage';

const api = serveApi();
beforeAll(async () => {
  api.routes.set('GET /v1/billing/recharges', () => ({
    list: [
      {
        card_id: 3,
        number: 'RA7KQ2M9XA000003',
        type: 2,
        tag_count: 0,
        template_count: 0,
        traffic_bytes: 10 * 1024 ** 3,
        activated_at: 1_750_000_000,
        expires_at: 1_781_536_000,
        activated_by_name: 'Tester',
      },
    ],
    total: 21,
  }));
  await setLanguage('en-US');
});

describe('recharge records', { timeout: 30000 }, () => {
  it('lists activations with what each card gave, paged and filtered by type', async () => {
    await signInAs(api, { is_main: false, permissions: [22] });
    renderPage(<RechargeRecordPage />);
    const table = await screen.findByTestId('recharge-table');
    expect(await within(table).findByText('RA7KQ2M9XA000003')).toBeTruthy();
    expect(within(table).getByText('10GB traffic')).toBeTruthy();
    expect(screen.getByText('Total: 21')).toBeTruthy();
    const select = screen.getByTestId('recharge-type-filter').closest('.ant-select') as HTMLElement;
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
    fireEvent.click(await screen.findByTitle('Remote Access'));
    await waitFor(() => expect(api.callsTo('GET /v1/billing/recharges').at(-1)?.query.get('type')).toBe('2'));
  });
});
