import { describe, expect, it } from 'vitest';
import i18next from './index';

describe('i18n set-up', () => {
  it('defaults to zh-CN and resolves dotted contract keys and namespace:key alike', () => {
    expect(i18next.language).toBe('zh-CN');
    expect(i18next.t('common.productName')).toBe('HMI 云控制台');
    expect(i18next.t('menu.dashboard')).toBe(i18next.t('menu:dashboard'));
    expect(i18next.t('errors.1009')).toBe(i18next.t('errors:1009'));
    expect(i18next.getFixedT('en-US', 'menu')('safeZone')).toBe('Security zones');
    expect(i18next.getFixedT('zh-TW')('common.productName')).toBe('HMI 雲控制台');
  });

  it('leaves antd placeholders of the generic form messages for antd to fill', () => {
    expect(i18next.getFixedT('en-US')('validation.form.required')).toBe('Please enter ${label}');
  });
});
