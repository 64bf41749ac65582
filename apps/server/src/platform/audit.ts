import type { AuditAction } from '@hmi/contract';
import type { Bus } from './bus';
import { requestAddress } from './http/request-context';

/** What a module tells the audit log; only the audit module writes it (modules/audit). */
export interface AuditNote {
  teamId: number;
  /** The acting account; null when nobody acted (the system). */
  userId: number | null;
  action: AuditAction;
  /** The object acted on, by the name it has now (a device, a role, an account). */
  target: string;
  /** Particulars as texts, e.g. a TAG write's `device`, `tag`, `old`, `new`. */
  detail?: Record<string, string>;
  /** The client's address; absent: the address of the request being handled. */
  ip?: string;
}

/**
 * Records an action in the audit log, after the change it describes is committed. One line at the
 * place a module already knows who did what; the module does not depend on the audit module.
 */
export function audit(bus: Bus, note: AuditNote): void {
  bus.emit('audit', { ...note, detail: note.detail ?? {}, ip: note.ip ?? requestAddress() ?? '' });
}
