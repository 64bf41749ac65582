// @vitest-environment jsdom
/**
 * `Feedback` stands in for antd's App: `App.useApp()` works as before, while the message,
 * notification and modal pieces arrive on first use (calls made meanwhile are replayed in order).
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { App, Button } from 'antd';
import { renderPage } from '../test/render';

function Probe({ onAnswer }: { onAnswer: (confirmed: boolean) => void }) {
  const { message, modal, notification } = App.useApp();
  return (
    <>
      <Button
        onClick={() => {
          void message.info('first toast');
          void message.success('second toast');
          notification.info({ title: 'a notice' });
        }}
      >
        toast
      </Button>
      <Button
        onClick={() =>
          void modal.confirm({ title: 'Sure?', content: 'Really sure?' }).then(onAnswer, () => undefined)
        }
      >
        ask
      </Button>
    </>
  );
}

describe('Feedback', () => {
  it('draws the app root with the theme text style and no feedback holders before first use', () => {
    renderPage(<Probe onAnswer={() => undefined} />);
    const root = document.querySelector<HTMLElement>('.ant-app');
    expect(root?.style.fontSize).toBe('14px');
    expect(document.querySelector('.ant-message, .ant-notification, .ant-modal')).toBeNull();
  });

  it('replays the calls made before the pieces arrived, in order, then answers a confirm', async () => {
    let answer: boolean | null = null;
    renderPage(<Probe onAnswer={(confirmed) => (answer = confirmed)} />);
    fireEvent.click(screen.getByText('toast'));
    await screen.findByText('a notice');
    const toasts = [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent);
    expect(toasts).toEqual(['first toast', 'second toast']);

    fireEvent.click(screen.getByText('ask'));
    await screen.findByText('Really sure?');
    fireEvent.click(document.querySelector('.ant-modal-confirm-btns .ant-btn-primary') as HTMLElement);
    await waitFor(() => expect(answer).toBe(true));
  });
});
