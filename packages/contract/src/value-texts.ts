import type { AlarmLevel, AlarmRecordState, Locale } from './tables';

/**
 * Value-table texts people read on both tiers: the web's `enums` (its locales test holds them equal)
 * and the server's exports and mails. One home, so an alarm level has one name everywhere (the web
 * said level 1 "提示" while the export and the mail said "次要"). Names follow the spec: 1 minor,
 * 2 mild, 4 moderate, 8 severe, 16 critical.
 */
type LevelValue = (typeof AlarmLevel)[keyof typeof AlarmLevel];
type StateValue = (typeof AlarmRecordState)[keyof typeof AlarmRecordState];

export const alarmLevelTexts: Record<Locale, Record<LevelValue, string>> = {
  'zh-CN': { 1: '次要', 2: '轻微', 4: '一般', 8: '严重', 16: '紧急' },
  'zh-TW': { 1: '次要', 2: '輕微', 4: '一般', 8: '嚴重', 16: '緊急' },
  'en-US': { 1: 'Minor', 2: 'Mild', 4: 'Moderate', 8: 'Severe', 16: 'Critical' },
};

export const alarmStateTexts: Record<Locale, Record<StateValue, string>> = {
  'zh-CN': { 1: '告警中', 2: '已响应', 4: '已恢复' },
  'zh-TW': { 1: '警報中', 2: '已回應', 4: '已恢復' },
  'en-US': { 1: 'Alarm', 2: 'Acknowledged', 4: 'Recovered' },
};
