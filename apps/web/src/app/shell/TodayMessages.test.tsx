// @vitest-environment jsdom
/**
 * The top bar's bell against a real local API server: the badge caps at "99+", today's messages
 * scroll inside a box that fits the screen however many there are, and a click on one goes to its
 * list and closes the popover (it stayed open over the page it led to).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPage, setLanguage } from '../../test/render';
import { signInAs, serveApi } from '../../test/apiServer';
import { userStore } from '../../session/userStore';
import { TodayMessages } from './TodayMessages';

const notices = Array.from({ length: 75 }, (_, i) => ({
  id: i + 1,
  kind: 'notice' as const,
  title: `Notice ${i + 1}`,
  content: 'Maintenance tonight',
  is_read: false,
  type: null,
  params: null,
  created_at: 1700000000 + i,
}));

const api = serveApi();
beforeAll(async () => {
  await setLanguage('en-US');
});

describe('bell', { timeout: 30000 }, () => {
  it('badges 99+, scrolls 75 messages inside the screen, and closes after a click', async () => {
    await signInAs(api, { is_main: true, permissions: [] }, { notice: 150, billing: 0, alarm: 0 });
    api.routes.set('GET /v1/msg/notify/today', () => ({ list: notices, total: notices.length }));
    userStore.reset();
    await userStore.ensureLoaded();
    renderPage(<TodayMessages />, { url: '/dashboard' });

    const bell = screen.getByTestId('message-badge');
    expect(bell.querySelector('.ant-badge-count')?.textContent).toBe('99+');

    fireEvent.click(bell);
    const list = await screen.findByTestId('today-messages-list');
    expect(list.querySelectorAll('.ant-list-item')).toHaveLength(75);
    // The list, not the page, scrolls: its height is bounded by the window's.
    expect(list.style.overflowY).toBe('auto');
    expect(list.style.maxHeight).toMatch(/vh/);

    fireEvent.click(screen.getByText('Notice 3'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/message/msgSystem'));
    await waitFor(() =>
      expect(screen.getByTestId('today-messages').closest('.ant-popover')?.className).toContain(
        'ant-popover-hidden',
      ),
    );
  });
});
