/** Business constants and limits of spec section 9. */
export const limits = {
  passwordMin: 8,
  passwordMax: 16,
  roleNameMax: 10,
  labelNameMin: 1,
  labelNameMax: 50,
  labelsPerTeam: 50,
  labelsPerDevice: 10,
  zonesMax: 20,
  alarmRulesMax: 300,
  alarmImportMax: 300,
  alarmExportMax: 10000,
  activationMailHours: 48,
  cardValidityYears: 1,
  defaultTemplateMaxNum: 1,
  cardNumberTail: 8,
  cardPasswordLength: 8,
} as const;

export const ui = {
  httpTimeoutMs: 60000,
  errorToastSeconds: 2.5,
  maxErrorToasts: 3,
  messageToastSeconds: 3,
  notificationSeconds: 4.5,
  modalWidth: 520,
  confirmWidth: 416,
  modalTop: 100,
  zIndexPopupBase: 1000,
  sizeUnit: 4,
  lineWidth: 1,
  messageLineHeight: 40,
  checkboxSize: 16,
} as const;

export const sizeUnits = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** Formats a byte count with base 1024; the smallest unit shown is MB. */
export function formatSize(bytes: number): string {
  let value = bytes / 1024 / 1024;
  let unit = 2;
  while (value >= 1024 && unit < sizeUnits.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number(value.toFixed(2))}${sizeUnits[unit]}`;
}

/** Timestamps of 10 digits are seconds; longer ones are milliseconds. Returns milliseconds. */
export function toMillis(timestamp: number): number {
  return String(Math.trunc(Math.abs(timestamp))).length <= 10 ? timestamp * 1000 : timestamp;
}
