// @vitest-environment jsdom
/** The language switch is a plain button until used: its menu's code arrives with the first press. */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { i18next, renderPage } from '../test/render';
import { LanguageSwitch } from './LanguageSwitch';

describe('LanguageSwitch', () => {
  it('names the button, shows no menu before a press, then opens it and switches', async () => {
    const onSwitch = vi.fn();
    renderPage(<LanguageSwitch onSwitch={onSwitch} />);
    const button = screen.getByTestId('language-switch');
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.click(button);
    const english = await screen.findByRole('menuitem', { name: i18next.t('common:languages.en-US') });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('language-switch')));
    fireEvent.click(english);
    expect(onSwitch).toHaveBeenCalledWith('en-US');
  });
});
