// @vitest-environment jsdom
/**
 * TAG allocation against a real local API server: the allocation cannot be undone, so it is sent
 * only after a confirmation that says so; stepping back sends nothing and keeps the form.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { BillingAccount } from '../../api/billing';
import { i18next, renderPage, setLanguage, submitOf } from '../../test/render';
import { signInAs, serveApi } from '../../test/apiServer';
import { account, allocation, deviceBilling } from '../../test/billingFixtures';
import { AllocationModal } from './AllocationModal';

const api = serveApi();
beforeAll(async () => {
  api.routes.set('GET /v1/devices/7/billing', () => deviceBilling(7));
  api.routes.set('GET /v1/devices', () => ({ list: [], total: 0 }));
  api.routes.set('POST /v1/billing/allocations', () => allocation(7, { tag_count: 4 }));
  await setLanguage('en-US');
});

describe('TAG allocation', { timeout: 30000 }, () => {
  it('asks before allocating, saying it cannot be undone; stepping back sends nothing', async () => {
    await signInAs(api, { is_main: true, permissions: [] });
    renderPage(
      <AllocationModal
        open
        account={account() as BillingAccount}
        device={{ id: 7, name: 'Press7' }}
        onClose={() => undefined}
      />,
    );
    fireEvent.change(await screen.findByTestId('allocation-tags'), { target: { value: '4' } });
    fireEvent.click(submitOf('allocation'));
    const question = i18next.t('billing:allocation.confirm', { tags: 4, minutes: 5, device: 'Press7' });
    expect(await screen.findByText(question)).toBeTruthy();
    expect(question).toMatch(/cannot be undone/);
    fireEvent.click(screen.getByTestId('irreversible-cancel'));
    await waitFor(() => expect(screen.queryByText(question)).toBeNull());
    expect(api.callsTo('POST /v1/billing/allocations')).toHaveLength(0);
    // The form is still open and filled: asking again asks again.
    await waitFor(() => expect(submitOf('allocation').className).not.toContain('ant-btn-loading'));
    fireEvent.click(submitOf('allocation'));
    expect(await screen.findByText(question)).toBeTruthy();
    fireEvent.click(await screen.findByTestId('irreversible-ok'));
    await waitFor(() => expect(api.callsTo('POST /v1/billing/allocations')).toHaveLength(1));
    expect(api.callsTo('POST /v1/billing/allocations')[0]?.body).toEqual({
      device_id: 7,
      tag_count: 4,
      frequency_min: 5,
    });
  });
});
