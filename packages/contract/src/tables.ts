/** Value tables of spec sections 4 and 9. Labels are locale keys under `enums.<table>.<value>`. */

export const AlarmLevel = { MINOR: 1, MILD: 2, MODERATE: 4, SEVERE: 8, CRITICAL: 16 } as const;
export const alarmLevels = Object.values(AlarmLevel);

export const AlarmRecordState = { ALARM: 1, RESPONSE: 2, RECOVERY: 4 } as const;
/** Filter value meaning every state. */
export const ALARM_STATE_ALL = 0;

export const AlarmCondition = {
  HIGH_HIGH: 1,
  HIGH: 2,
  LOW_LOW: 4,
  LOW: 8,
  LARGE_DEVIATION: 16,
  SMALL_DEVIATION: 32,
  ON: 128,
  OFF: 256,
} as const;

export const AlarmType = { LIMIT: 'limit', DEVIATION: 'deviation', ON_OFF: 'onoff' } as const;
export type AlarmTypeValue = (typeof AlarmType)[keyof typeof AlarmType];
export const alarmConditionsByType: Record<AlarmTypeValue, readonly number[]> = {
  limit: [1, 2, 4, 8],
  deviation: [16, 32],
  onoff: [128, 256],
};

export const DeviceOnline = { OFFLINE: 0, ONLINE: 1 } as const;
export const SyncStatus = { PENDING: 0, SYNCHRONIZED: 1 } as const;
export const AlarmUrgency = { URGENT: 1, LOW: 2, NORMAL: 3 } as const;

export const InvitationStatus = {
  PENDING: 'pending',
  ACCEPTED: 'accepted',
  REJECTED: 'rejected',
  CANCELLED: 'cancelled',
  VOIDED: 'voided',
} as const;
export type InvitationStatusValue = (typeof InvitationStatus)[keyof typeof InvitationStatus];

export const BillingMessageType = {
  REMOTE_ACCESS_EXPIRY: 1,
  CLOUD_APPLICATION_EXPIRY: 2,
  DEVICE_TAG_EXPIRY: 3,
  LOW_DEVICE_TRAFFIC: 4,
  LOW_ACCOUNT_TAG: 5,
  INVITATION: 6,
  INVITATION_CANCELLED: 7,
  REMOVED_FROM_TEAM: 8,
  MAIN_ACCOUNT_TRANSFER: 9,
} as const;

/** TAG data types, codes 0-9. */
export const TagDataType = {
  BOOL: 0,
  UINT16: 1,
  UINT32: 2,
  UINT64: 3,
  INT16: 4,
  INT32: 5,
  INT64: 6,
  FLOAT: 7,
  DOUBLE: 8,
  STRING: 9,
} as const;
export type TagDataTypeCode = (typeof TagDataType)[keyof typeof TagDataType];
export const tagDataTypes = Object.values(TagDataType);

export const TagAccess = { READ: 0, WRITE: 1, READ_WRITE: 2 } as const;

export const MessageKind = { NOTICE: 'notice', BILLING: 'billing', ALARM: 'alarm' } as const;
export type MessageKindValue = (typeof MessageKind)[keyof typeof MessageKind];

export const BillingCardType = { CLOUD_APPLICATION: 1, REMOTE_ACCESS: 2 } as const;
export const BillingCardStatus = { NOT_ACTIVATED: 0, ACTIVE: 1, OUTDATED: 2 } as const;

/** Data centres users can pick; America and Australia exist only as labels. */
export const dataCenters = ['eu', 'cn', 'in'] as const;
export type DataCenter = (typeof dataCenters)[number];
export const dataCenterLabels = ['eu', 'cn', 'in', 'us', 'au'] as const;

export const phoneCountryCodes = ['+86'] as const;

export const locales = ['zh-CN', 'zh-TW', 'en-US'] as const;
export type Locale = (typeof locales)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

export const AgreementLanguage = { 'zh-CN': 'cn', 'zh-TW': 'tw', 'en-US': 'en' } as const satisfies Record<
  Locale,
  string
>;
export const agreementLanguages = ['cn', 'en', 'tw'] as const;

/** Account types of register and resendmail (`?type=`). */
export const AccountType = { PHONE: 0, EMAIL: 1 } as const;
