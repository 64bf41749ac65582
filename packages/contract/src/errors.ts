/**
 * The error catalogue of spec section 8: every numeric server code with the HTTP status class it is
 * sent with, and the string codes the client produces itself. Translations live in the web locales
 * under `errors.<code>`; the English text here is for logs and the OpenAPI document.
 */
export const ErrorCode = {
  OK: 0,
  AUTHENTICATION: 1001,
  AUTHORIZATION: 1002,
  NO_DATA: 1003,
  INCORRECT_PASSWORD: 1004,
  DATABASE: 1005,
  INPUT_PARAMETER: 1006,
  SERVER: 1007,
  AUTH_HEADER_LOST: 1008,
  AUTH_EXPIRED: 1009,
  USER_NOT_FOUND: 1010,
  VERIFICATION_CODE: 1011,
  USER_EXISTS: 1012,
  EMAIL_SEND_FAILED: 1013,
  GO_ACTIVATE_EMAIL: 1014,
  EMAIL_LIMIT: 1015,
  MOBILE_NOT_VERIFIED: 1016,
  VERIFY_MOBILE_AGAIN: 1017,
  CODE_SEND_FAILED: 1018,
  ACCOUNT_NOT_MATCHED: 1019,
  ACTIVATION_LINK_EXPIRED: 1020,
  JSON_FORMAT: 1021,
  ACTIVATION_CODE_EXPIRED: 1022,
  CLIENT_SESSION_NOT_FOUND: 1023,
  OPEN_VNC_ON_HMI: 1024,
  ILLEGAL_PIN: 1025,
  ILLEGAL_LICENSE: 1026,
  ILLEGAL_GROUP_ID: 1027,
  ILLEGAL_HMI_SN: 1028,
  ILLEGAL_TEMPLATE_ID: 1029,
  TEMPLATE_NAME_EXISTS: 1030,
  EMAIL_NOT_VERIFIED: 1031,
  GROUP_HAS_DEVICES: 1032,
  TEMPLATE_LIMIT: 1033,
  DEVICE_NAME_EXISTS: 1034,
  TEMPLATE_HAS_DEVICES: 1037,
  TEMPLATE_TYPE_MISMATCH: 1042,
  CARD_WRONG: 1043,
  CARD_ACTIVATION_EXPIRED: 1044,
  CARD_ALREADY_ACTIVATED: 1045,
  CARD_ALREADY_ACTIVATED_2: 1050,
  ACCOUNT_DELETED: 1055,
  ROLE_NAME_EXISTS: 1063,
  ZONE_LIMIT: 1065,
  ZONE_NAME_EXISTS: 1066,
  JOINED_OTHER_TEAM: 1069,
  NOT_IN_TEAM: 1071,
  NOT_CURRENT_DATA_CENTER: 1078,
  GROUP_NAME_EXISTS: 1083,
  ALARM_GROUP_NAME_EXISTS: 1085,
  NAME_EXISTS: 1086,
  PROJECT_NOT_OWNED: 1087,
  ALARM_NAME_EXISTS: 1088,
  ALARM_RULE_LIMIT: 1090,
  DEVICE_IN_CONFIGURATION: 1091,
  PROJECT_ARCHIVE_PARSE: 2001,
  NETWORK: 2003,
  /**
   * Product extension beyond the spec's table (the spec leaves the server side to us): repeated
   * failed logins from one account or one address. Sent with HTTP 429 and Retry-After.
   */
  TOO_MANY_ATTEMPTS: 1201,
  /**
   * Product extension: the main account of a team that still has members cannot be removed; it
   * must hand the team over first (transfer of the main account), so no team is left without owner.
   */
  MAIN_ACCOUNT_HAS_MEMBERS: 1202,
  /** Product extension (remote view): the device is offline, so no VNC tunnel can be opened. */
  DEVICE_OFFLINE: 1203,
  /** Product extension (remote view): the device's traffic switch is off or its traffic is used up. */
  NO_TRAFFIC: 1204,
  /** Product extension (remote view): another user controls this HMI; watch view-only or ask to take over. */
  CONTROL_HELD: 1205,
  /** Product extension (remote view): too many remote sessions open for this user or device. */
  TOO_MANY_SESSIONS: 1206,
  /**
   * Product extension (data centres): the central account service is unreachable from this region, so
   * what needs it (login, registration, recovery, removal) fails; signed-in users keep working.
   */
  CENTRAL_UNAVAILABLE: 1207,
  /**
   * Product extension (screen editor): the screen was saved by someone else since the caller loaded
   * it (its `version` moved on); nothing was saved. Reload it, or save again over theirs knowingly.
   */
  SCREEN_VERSION_CONFLICT: 1210,
  /** Product extension (alarm webhooks): the team already has WEBHOOKS_PER_TEAM_MAX webhooks. */
  WEBHOOK_LIMIT: 1208,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type NumericErrorCode = (typeof ErrorCode)[ErrorCodeName];

interface CatalogueEntry {
  status: number;
  message: string;
}

export const errorCatalogue: Record<NumericErrorCode, CatalogueEntry> = {
  0: { status: 200, message: 'success' },
  1001: { status: 401, message: 'authentication error' },
  1002: { status: 403, message: 'authorization error' },
  1003: { status: 404, message: 'no data' },
  1004: { status: 400, message: 'incorrect password' },
  1005: { status: 500, message: 'database error' },
  1006: { status: 400, message: 'input parameter error' },
  1007: { status: 500, message: 'server error' },
  1008: { status: 401, message: 'auth header lost' },
  1009: { status: 401, message: 'authentication expired' },
  1010: { status: 404, message: 'user not found' },
  1011: { status: 400, message: 'verification code error' },
  1012: { status: 409, message: 'user exists' },
  1013: { status: 502, message: 'email send failed' },
  1014: { status: 200, message: 'go to registered email to activate' },
  1015: { status: 429, message: 'email limit reached' },
  1016: { status: 400, message: 'mobile not verified' },
  1017: { status: 400, message: 'verify mobile again' },
  1018: { status: 502, message: 'verification code send failed' },
  1019: { status: 400, message: 'account not matched' },
  1020: { status: 410, message: 'activation link expired, register again' },
  1021: { status: 400, message: 'JSON format incorrect' },
  1022: { status: 410, message: 'activation code expired' },
  1023: { status: 404, message: 'client session not found, resend RAND' },
  1024: { status: 409, message: 'open VNC on HMI' },
  1025: { status: 400, message: 'illegal PIN' },
  1026: { status: 400, message: 'illegal license' },
  1027: { status: 400, message: 'illegal group id' },
  1028: { status: 400, message: 'illegal HMI SN' },
  1029: { status: 400, message: 'illegal template id' },
  1030: { status: 409, message: 'template name exists' },
  1031: { status: 403, message: 'email not verified' },
  1032: { status: 409, message: 'group or sub-groups have devices, cannot delete' },
  1033: { status: 409, message: 'template count at limit' },
  1034: { status: 409, message: 'device name exists' },
  1037: { status: 409, message: 'template has associated devices' },
  1042: { status: 409, message: 'template type mismatch on switching' },
  1043: { status: 400, message: 'wrong card number or password' },
  1044: { status: 410, message: 'billing card activation time expired' },
  1045: { status: 409, message: 'card already activated' },
  1050: { status: 409, message: 'card already activated' },
  1055: { status: 401, message: 'account deleted' },
  1063: { status: 409, message: 'duplicate role name' },
  1065: { status: 409, message: 'max 20 security zones' },
  1066: { status: 409, message: 'security zone name exists' },
  1069: { status: 409, message: 'account joined another team' },
  1071: { status: 404, message: 'account not in current team' },
  1078: { status: 400, message: 'not current data center account' },
  1083: { status: 409, message: 'team groups cannot duplicate' },
  1085: { status: 409, message: 'alarm group name exists' },
  1086: { status: 409, message: 'name exists' },
  1087: { status: 403, message: 'project id in invite not owned by current customer' },
  1088: { status: 409, message: 'alarm name exists' },
  1090: { status: 409, message: 'at most 300 alarm rules' },
  1091: { status: 409, message: 'device referenced by a configuration; unbind in the designer first' },
  2001: { status: 400, message: 'failed to parse a project archive' },
  2003: { status: 502, message: 'network error' },
  1201: { status: 429, message: 'too many attempts, try again later' },
  1202: { status: 409, message: 'the team still has members: transfer the main account first' },
  1203: { status: 409, message: 'device offline' },
  1204: { status: 409, message: 'no remote traffic: switch off or traffic used up' },
  1205: { status: 409, message: 'another user controls this HMI' },
  1206: { status: 429, message: 'too many remote sessions' },
  1207: { status: 503, message: 'central account service unavailable, try again later' },
  1210: { status: 409, message: 'the screen was changed by someone else since it was loaded' },
  1208: { status: 409, message: 'at most 10 webhooks per team' },
};

export const numericErrorCodes = Object.keys(errorCatalogue).map(Number) as NumericErrorCode[];

export function isCatalogueCode(code: unknown): code is NumericErrorCode {
  return typeof code === 'number' && code in errorCatalogue;
}

/**
 * String codes of spec section 8. The first group are the HTTP library's own (axios names); the
 * second are the application's named errors.
 */
export const StringErrorCode = {
  ERR_NETWORK: 'ERR_NETWORK',
  ECONNABORTED: 'ECONNABORTED',
  ETIMEDOUT: 'ETIMEDOUT',
  ERR_CANCELED: 'ERR_CANCELED',
  ERR_BAD_REQUEST: 'ERR_BAD_REQUEST',
  ERR_BAD_RESPONSE: 'ERR_BAD_RESPONSE',
  ERR_INVALID_URL: 'ERR_INVALID_URL',
  E_EMAIL_EXISTS: 'E_EMAIL_EXISTS',
  E_INVALID_ID: 'E_INVALID_ID',
  E_DEVICE_GROUP_DETAIL_FAILED: 'E_DEVICE_GROUP_DETAIL_FAILED',
  E_USER_NOT_FOUND: 'E_USER_NOT_FOUND',
  E_DEVICE_VNC_OFFLINE: 'E_DEVICE_VNC_OFFLINE',
  E_MISSING_AUTH_HEADER: 'E_MISSING_AUTH_HEADER',
  E_TEMPLATE_HAS_BOUND_DEVICES: 'E_TEMPLATE_HAS_BOUND_DEVICES',
  E_WRONG_PASSWORD: 'E_WRONG_PASSWORD',
  E_INVALID_OR_EXPIRED_TOKEN: 'E_INVALID_OR_EXPIRED_TOKEN',
  E_ACCOUNT_EXISTS: 'E_ACCOUNT_EXISTS',
  E_EMAIL_NOT_ACTIVE: 'E_EMAIL_NOT_ACTIVE',
  E_BAD_VERIFICATION_CODE: 'E_BAD_VERIFICATION_CODE',
  E_CARD_WRONG: 'E_CARD_WRONG',
  E_CARD_ALREADY_ACTIVATED: 'E_CARD_ALREADY_ACTIVATED',
  E_SAFE_ZONE_NAME_EXISTS: 'E_SAFE_ZONE_NAME_EXISTS',
  E_SAFE_ZONE_MAX: 'E_SAFE_ZONE_MAX',
  E_TEAM_GROUP_NAME_EXISTS: 'E_TEAM_GROUP_NAME_EXISTS',
} as const;

export type StringErrorCode = (typeof StringErrorCode)[keyof typeof StringErrorCode];
export const stringErrorCodes = Object.values(StringErrorCode);

/** The response envelope of every call. */
export interface Envelope<T> {
  code: number;
  data: T;
  msg: string;
}

/** `data` of a 1006 response: which input failed and why. */
export interface InputErrorDetail {
  field: string;
  issue: string;
}
