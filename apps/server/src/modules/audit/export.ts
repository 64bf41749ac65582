import type { AuditAction, AuditEntry, Locale } from '@hmi/contract';
import ExcelJS from 'exceljs';
import { escapeCell } from '../../platform/xlsx';
import { localTime } from '../alarms';

interface SheetWords {
  sheet: string;
  columns: string[];
  actions: Record<AuditAction, string>;
}

/** Sheet wording per locale (the export is a file, read outside the console). */
const words: Record<Locale, SheetWords> = {
  'zh-CN': {
    sheet: '操作日志',
    columns: ['时间', '账号', '名称', '地址', '操作', '对象', '详情'],
    actions: {
      login: '登录',
      loginFailed: '登录失败',
      logout: '退出登录',
      memberRole: '修改成员角色',
      memberRemoved: '删除成员',
      dataPermissions: '修改数据权限',
      roleAdded: '新增角色',
      roleEdited: '编辑角色',
      roleDeleted: '删除角色',
      zoneAdded: '新增安全区域',
      zoneEdited: '编辑安全区域',
      zoneDeleted: '删除安全区域',
      deviceBound: '绑定设备',
      deviceUnbound: '解绑设备',
      templateAdded: '新增模板',
      templateEdited: '编辑模板',
      templateDeleted: '删除模板',
      tagWrite: '写入TAG',
      tagWriteFailed: '写入TAG失败',
      alarmAcknowledged: '确认告警',
      cardActivated: '激活卡',
      remoteSession: '远程访问',
      invitationSent: '发送邀请',
      memberJoined: '成员加入',
      tagsAllocated: '分配TAG',
      cardAllocated: '分配卡',
      trafficSwitched: '切换流量开关',
    },
  },
  'zh-TW': {
    sheet: '操作日誌',
    columns: ['時間', '帳號', '名稱', '位址', '操作', '對象', '詳情'],
    actions: {
      login: '登入',
      loginFailed: '登入失敗',
      logout: '登出',
      memberRole: '修改成員角色',
      memberRemoved: '刪除成員',
      dataPermissions: '修改資料權限',
      roleAdded: '新增角色',
      roleEdited: '編輯角色',
      roleDeleted: '刪除角色',
      zoneAdded: '新增安全區域',
      zoneEdited: '編輯安全區域',
      zoneDeleted: '刪除安全區域',
      deviceBound: '綁定設備',
      deviceUnbound: '解綁設備',
      templateAdded: '新增範本',
      templateEdited: '編輯範本',
      templateDeleted: '刪除範本',
      tagWrite: '寫入TAG',
      tagWriteFailed: '寫入TAG失敗',
      alarmAcknowledged: '確認告警',
      cardActivated: '啟用卡',
      remoteSession: '遠端存取',
      invitationSent: '傳送邀請',
      memberJoined: '成員加入',
      tagsAllocated: '分配TAG',
      cardAllocated: '分配卡',
      trafficSwitched: '切換流量開關',
    },
  },
  'en-US': {
    sheet: 'Audit log',
    columns: ['Time', 'Account', 'Name', 'Address', 'Action', 'Target', 'Details'],
    actions: {
      login: 'Signed in',
      loginFailed: 'Failed sign-in',
      logout: 'Signed out',
      memberRole: 'Member role changed',
      memberRemoved: 'Member removed',
      dataPermissions: 'Data permissions changed',
      roleAdded: 'Role added',
      roleEdited: 'Role edited',
      roleDeleted: 'Role deleted',
      zoneAdded: 'Security zone added',
      zoneEdited: 'Security zone edited',
      zoneDeleted: 'Security zone deleted',
      deviceBound: 'Device bound',
      deviceUnbound: 'Device unbound',
      templateAdded: 'Template added',
      templateEdited: 'Template edited',
      templateDeleted: 'Template deleted',
      tagWrite: 'TAG written',
      tagWriteFailed: 'TAG write failed',
      alarmAcknowledged: 'Alarm acknowledged',
      cardActivated: 'Card activated',
      remoteSession: 'Remote session',
      invitationSent: 'Invitation sent',
      memberJoined: 'Member joined',
      tagsAllocated: 'TAGs allocated',
      cardAllocated: 'Card allocated',
      trafficSwitched: 'Traffic switch turned',
    },
  },
};

/** `key=value; …` of an entry's particulars. */
const detailText = (detail: Record<string, string>) =>
  Object.entries(detail)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');

/** The entries as one .xlsx sheet; every text a member or a device wrote is neutralised as a formula. */
export async function writeAuditSheet(
  entries: readonly AuditEntry[],
  offsetHours: number,
  locale: Locale,
): Promise<Buffer> {
  const w = words[locale];
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(w.sheet);
  ws.addRow(w.columns);
  ws.getRow(1).font = { bold: true };
  for (const e of entries)
    ws.addRow([
      localTime(e.at, offsetHours),
      escapeCell(e.user_account),
      escapeCell(e.user_name),
      escapeCell(e.ip),
      w.actions[e.action],
      escapeCell(e.target),
      escapeCell(detailText(e.detail)),
    ]);
  ws.columns.forEach((c) => (c.width = 22));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
