// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { agreementLanguages } from '@hmi/contract';
import { renderPage, setLanguage } from '../../test/render';
import { AgreementPage } from './AgreementPage';
import { legalDocuments } from '../../features/legal/content';

const open = (kind: 'service' | 'privacy', url: string) =>
  renderPage(<AgreementPage kind={kind} />, {
    url,
    path: kind === 'service' ? '/serviceagreement/:lang' : '/privacyagreement/:lang',
  });

describe('AgreementPage', { timeout: 20000 }, () => {
  beforeEach(async () => {
    await setLanguage('zh-CN');
  });

  it('has both documents in every language, each with sections', () => {
    for (const kind of ['service', 'privacy'] as const)
      for (const lang of agreementLanguages) {
        const doc = legalDocuments[kind][lang];
        expect(doc.title.length, `${kind}/${lang}`).toBeGreaterThan(0);
        expect(doc.sections.length, `${kind}/${lang}`).toBeGreaterThanOrEqual(8);
        // The translations mirror each other section by section.
        expect(doc.sections.length).toBe(legalDocuments[kind].cn.sections.length);
      }
  });

  it('shows the service agreement in the language of the route, whatever the interface language', () => {
    open('service', '/serviceagreement/en');
    expect(screen.getByTestId('agreement-service-en')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('HMI Cloud Console Terms of Service');
    expect(screen.getByText('Privacy Policy').closest('a')?.getAttribute('href')).toBe(
      '/privacyagreement/en',
    );
  });

  it('shows the privacy policy in Traditional Chinese', () => {
    open('privacy', '/privacyagreement/tw');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('HMI 雲控制台隱私權政策');
    expect(screen.getByText('返回登入')).toBeTruthy();
  });

  it('falls back to the interface language for an unknown language', () => {
    open('privacy', '/privacyagreement/xx');
    expect(screen.getByTestId('agreement-privacy-cn')).toBeTruthy();
  });

  it('switches language in place', async () => {
    open('service', '/serviceagreement/cn');
    fireEvent.click(screen.getByText('English'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/serviceagreement/en'));
    expect(screen.getByTestId('agreement-service-en')).toBeTruthy();
  });
});
