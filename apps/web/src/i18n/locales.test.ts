import { describe, expect, it } from 'vitest';
import {
  AccountType,
  AlarmCondition,
  AlarmLevel,
  AlarmRecordState,
  AlarmType,
  AlarmUrgency,
  alarmLevelTexts,
  allPermissionIds,
  auditTexts,
  alarmStateTexts,
  ALARM_STATE_ALL,
  BillingCardStatus,
  BillingCardType,
  BillingMessageType,
  dataCenterLabels,
  DeviceOnline,
  InvitationStatus,
  locales,
  MessageKind,
  menuTree,
  numericErrorCodes,
  permissionTexts,
  stringErrorCodes,
  SyncStatus,
  TagAccess,
  TagDataType,
  type MenuEntry,
  type ValidationKey,
} from '@hmi/contract';
import { COMBINED_NS, loadResources } from './resources';

type Tree = Record<string, unknown>;

const resources = await loadResources(locales);

/** Dotted paths of every leaf string. */
function leafKeys(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null) return [prefix];
  return Object.entries(tree as Tree).flatMap(([key, value]) =>
    leafKeys(value, prefix ? `${prefix}.${key}` : key),
  );
}

function lookup(locale: string, dotted: string): unknown {
  const combined = resources[locale]?.[COMBINED_NS];
  return dotted.split('.').reduce<unknown>((node, key) => (node as Tree | undefined)?.[key], combined);
}

// Exhaustive on purpose: adding a key to the contract's union without listing it here fails to compile.
const validationKeys = Object.keys({
  required: 1,
  whitespace: 1,
  passwordLength: 1,
  passwordClasses: 1,
  passwordChars: 1,
  passwordConfirm: 1,
  passwordSame: 1,
  phone: 1,
  email: 1,
  deviceNameStart: 1,
  deviceNameChars: 1,
  deviceNameReserved: 1,
  deviceNameLength: 1,
  labelLength: 1,
  roleNameLength: 1,
  zoneNameChars: 1,
  zoneNameLength: 1,
  groupNameLength: 1,
  type: 1,
  tooLong: 1,
  enum: 1,
  integer: 1,
  range: 1,
  unknownId: 1,
  snFormat: 1,
  labelLimit: 1,
  labelsPerDevice: 1,
  tagNameChars: 1,
  tagNameDuplicate: 1,
  tagCount: 1,
  tagValueBool: 1,
  tagValueInteger: 1,
  tagValueNumber: 1,
  tagValueRange: 1,
  addressConnection: 1,
  addressArea: 1,
  addressFormat: 1,
  addressRange: 1,
  addressBit: 1,
  addressCount: 1,
  addressOrder: 1,
  addressDataType: 1,
  addressReadOnlyArea: 1,
  addressNodeId: 1,
  fileTooLarge: 1,
  fileFormat: 1,
  fileRows: 1,
  tooManyRows: 1,
  mainAccount: 1,
  cidr: 1,
  readOnly: 1,
  alarmValueMismatch: 1,
  alarmOnOffValue: 1,
  alarmTagType: 1,
  alarmTagNotFound: 1,
  alarmTargetInteger: 1,
  alarmDeviationInteger: 1,
  alarmDeadband: 1,
  alarmGroupNotFound: 1,
  alarmNameDuplicate: 1,
  alarmTagInUse: 1,
} satisfies Record<ValidationKey, 1>);

const enumTables: Record<string, readonly (string | number)[]> = {
  alarmLevel: Object.values(AlarmLevel),
  alarmRecordState: [ALARM_STATE_ALL, ...Object.values(AlarmRecordState)],
  alarmCondition: Object.values(AlarmCondition),
  alarmType: Object.values(AlarmType),
  deviceOnline: Object.values(DeviceOnline),
  syncStatus: Object.values(SyncStatus),
  alarmUrgency: Object.values(AlarmUrgency),
  invitationStatus: Object.values(InvitationStatus),
  billingMessageType: Object.values(BillingMessageType),
  tagDataType: Object.values(TagDataType),
  tagAccess: Object.values(TagAccess),
  messageKind: Object.values(MessageKind),
  billingCardType: Object.values(BillingCardType),
  billingCardStatus: Object.values(BillingCardStatus),
  dataCenter: dataCenterLabels,
  accountType: Object.values(AccountType),
};

const menuKeys = (entries: readonly MenuEntry[]): string[] =>
  entries.flatMap((e) => [e.titleKey, ...menuKeys(e.children ?? [])]);

const expectTranslated = (keys: readonly string[]) => {
  for (const locale of locales)
    for (const key of keys) {
      const value = lookup(locale, key);
      expect(typeof value === 'string' && value.trim().length > 0, `${locale}: ${key}`).toBe(true);
    }
};

describe('locales', () => {
  it('ship the same namespaces and keys in every locale', () => {
    const [reference, ...others] = locales;
    const keysOf = (locale: string) => leafKeys(resources[locale]?.[COMBINED_NS]).sort();
    expect(keysOf(reference).length).toBeGreaterThan(0);
    for (const locale of others) expect(keysOf(locale), locale).toEqual(keysOf(reference));
  });

  it('spell English one way: British (centre), as most texts already did', () => {
    const en = leafKeys(resources['en-US']?.[COMBINED_NS]).map(
      (key) => `${key}: ${String(lookup('en-US', key))}`,
    );
    expect(en.filter((line) => /\bcenter\b/i.test(line.split(': ')[1] ?? ''))).toEqual([]);
  });

  it('word zh-TW one way: 設備 and 記錄, the forms most of its texts use (not 裝置, 紀錄)', () => {
    const zhTw = leafKeys(resources['zh-TW']?.[COMBINED_NS]).map(
      (key) => `${key}: ${String(lookup('zh-TW', key))}`,
    );
    expect(zhTw.filter((line) => /裝置|紀錄/.test(line.split(': ')[1] ?? ''))).toEqual([]);
  });

  it('name alarm levels and states as the contract does, the words of the exports and mails too', () => {
    for (const locale of locales) {
      for (const [level, name] of Object.entries(alarmLevelTexts[locale]))
        expect(lookup(locale, `enums.alarmLevel.${level}`), `${locale} level ${level}`).toBe(name);
      for (const [state, name] of Object.entries(alarmStateTexts[locale]))
        expect(lookup(locale, `enums.alarmRecordState.${state}`), `${locale} state ${state}`).toBe(name);
    }
  });

  it('word the audit log and permissions as the contract does, the words of the audit export too', () => {
    for (const locale of locales) {
      const w = auditTexts[locale];
      const pairs: [string, string][] = [
        ...Object.entries(w.actions).map(([k, v]): [string, string] => [`audit.action.${k}`, v]),
        ...Object.entries(w.keys).map(([k, v]): [string, string] => [`audit.key.${k}`, v]),
        ...Object.entries(w.values).map(([k, v]): [string, string] => [`audit.value.${k}`, v]),
        ['audit.pair', w.pair],
        ...Object.entries(permissionTexts[locale]).map(([k, v]): [string, string] => [
          `role.permission.${k}`,
          v,
        ]),
      ];
      for (const [key, text] of pairs) expect(lookup(locale, key), `${locale} ${key}`).toBe(text);
      const webKeys = Object.keys(lookup(locale, 'audit.key') as Tree);
      expect(webKeys.sort(), `${locale} audit keys`).toEqual(Object.keys(w.keys).sort());
      const named = Object.keys(permissionTexts[locale]).map(Number);
      expect(
        named.sort((a, b) => a - b),
        `${locale} permissions`,
      ).toEqual([...allPermissionIds].sort((a, b) => a - b));
    }
  });

  it('translate every catalogue code, string code and the fallback', () => {
    expectTranslated([...numericErrorCodes, ...stringErrorCodes, 'unknown'].map((code) => `errors.${code}`));
  });

  it('translate every validation key and the generic form messages', () => {
    expectTranslated(validationKeys.map((key) => `validation.${key}`));
    expectTranslated(
      [
        'required',
        'whitespace',
        'enum',
        'type',
        'stringRange',
        'numberRange',
        'arrayRange',
        'dateFormat',
        'pattern',
      ].map((key) => `validation.form.${key}`),
    );
  });

  it('translate every value table and menu entry', () => {
    expectTranslated(
      Object.entries(enumTables).flatMap(([table, values]) =>
        values.map((value) => `enums.${table}.${value}`),
      ),
    );
    expectTranslated(menuKeys(menuTree));
  });
});
