/**
 * antd's locale pack for the interface language, with the library labels the spec fixes (modal
 * confirm / cancel / 'got it', empty = no data, pagination per-page label, QR code expiry) and the
 * generic form messages taken from our own translations.
 */
import type { Locale as AntdLocale } from 'antd/es/locale';
// The ES modules: `antd/locale/*` are CommonJS, whose default import in the build is the exports
// object ({ default: pack }); spread below, its `default` made ConfigProvider use the bare pack and
// drop every text set here.
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import zhTW from 'antd/es/locale/zh_TW';
import type { TFunction } from 'i18next';
import type { Locale } from '@hmi/contract';
import { passwordToggleTexts } from './accessibleDefaults';

const packs: Record<Locale, AntdLocale> = { 'zh-CN': zhCN, 'zh-TW': zhTW, 'en-US': enUS };

type ValidateMessages = NonNullable<AntdLocale['Form']>['defaultValidateMessages'];

/** antd Form's built-in rule messages (`${label}` etc. are filled by antd). */
export function validateMessages(t: TFunction): ValidateMessages {
  const f = (key: string) => t(`validation.form.${key}`);
  const range = (kind: 'string' | 'number' | 'array') => ({
    len: f(`${kind}Len`),
    min: f(`${kind}Min`),
    max: f(`${kind}Max`),
    range: f(`${kind}Range`),
  });
  const type = f('type');
  return {
    default: f('default'),
    required: f('required'),
    whitespace: f('whitespace'),
    enum: f('enum'),
    date: { format: f('dateFormat'), parse: f('dateInvalid'), invalid: f('dateInvalid') },
    types: {
      string: type,
      method: type,
      array: type,
      object: type,
      number: type,
      date: type,
      boolean: type,
      integer: type,
      float: type,
      regexp: type,
      email: type,
      url: type,
      hex: type,
    },
    string: range('string'),
    number: range('number'),
    array: range('array'),
    pattern: { mismatch: f('pattern') },
  };
}

export function antdLocale(locale: Locale, t: TFunction): AntdLocale {
  const base = packs[locale];
  const modal = {
    okText: t('common.confirm'),
    cancelText: t('common.cancel'),
    justOkText: t('common.gotIt'),
  };
  return {
    ...base,
    global: { ...base.global, ...passwordToggleTexts(t) },
    Modal: modal,
    Popconfirm: { ...base.Popconfirm, okText: modal.okText, cancelText: modal.cancelText },
    Empty: { ...base.Empty, description: t('common.noData') },
    Table: { ...base.Table, emptyText: t('common.noData') },
    Pagination: {
      ...base.Pagination,
      items_per_page: t('common.pagination.itemsPerPage'),
      jump_to: t('common.pagination.jumpTo'),
      page: t('common.pagination.page'),
      prev_page: t('common.pagination.prevPage'),
      next_page: t('common.pagination.nextPage'),
    },
    QRCode: {
      expired: t('common.qrcode.expired'),
      refresh: t('common.qrcode.refresh'),
      scanned: t('common.qrcode.scanned'),
    },
    Form: { ...base.Form, defaultValidateMessages: validateMessages(t) },
  };
}
