import { ErrorCode, hasPermission, Permission, type PermissionId } from '@hmi/contract';
import { fail } from '../../platform/errors';
import type { SessionUser } from '../../platform/http/session';
import { authorize, type DataPermissionService } from '../data-permissions';
import type { DeviceService } from '../devices';
import type { TemplateService } from '../templates';
import type { Owner, ScreenRepo, ScreenRow } from './repo';

export type Mode = 'view' | 'edit';

/** The permission id each kind of owner needs, by mode (spec section 6). */
const needed: Record<Owner['kind'], Record<Mode, PermissionId>> = {
  template: { view: Permission.TEMPLATE_VIEW, edit: Permission.TEMPLATE_EDIT },
  project: { view: Permission.PROJECT_VIEW, edit: Permission.PROJECT_EDIT },
};

/** A device of a project and the TAGs of its template (name → data type). */
export interface Member {
  id: number;
  name: string;
  tags: ReadonlyMap<string, number>;
}

/** What a screen of an owner may bind: the template's TAGs, or the project's member devices. */
export interface Target {
  teamId: number;
  owner: Owner;
  /** Template screens: the TAGs of the template (name → data type). */
  tags: ReadonlyMap<string, number>;
  /** Project screens: the member devices by id. */
  members: ReadonlyMap<number, Member>;
}

export const ownerOf = (row: ScreenRow): Owner =>
  row.template_id !== null
    ? { kind: 'template', id: row.template_id }
    : { kind: 'project', id: row.project_id ?? 0 };

/**
 * Who may see and change screens: a template's screens follow the template (view 8, edit 11, the
 * template in the caller's data permissions, billing's read-only state 1033), a project's screens
 * the project (39, 42). A device's config screen (its template's screens, opened from the device
 * list) needs 7 and the device instead. Objects the caller may not see are 1003; a missing id 1002.
 */
export class ScreenAccess {
  constructor(
    private readonly repo: ScreenRepo,
    private readonly perms: DataPermissionService,
    private readonly templates: TemplateService,
    private readonly devices: DeviceService,
  ) {}

  private require(user: SessionUser, id: PermissionId): void {
    if (!hasPermission({ is_main: user.isMain, permissions: user.permissions }, id))
      fail(ErrorCode.AUTHORIZATION);
  }

  /** The owner, visible to the caller, with the permission `mode` needs; its binding target. */
  async owner(user: SessionUser, owner: Owner, mode: Mode): Promise<Target> {
    this.require(user, needed[owner.kind][mode]);
    const scope = await this.perms.scope(user);
    if (owner.kind === 'template') {
      authorize(scope, 'template', await this.templates.find(scope.teamId, owner.id));
      if (mode === 'edit' && (await this.templates.isExpired(scope.teamId, owner.id)))
        fail(ErrorCode.TEMPLATE_LIMIT);
      const tags = (await this.repo.tagNames([owner.id])).get(owner.id) ?? new Map<string, number>();
      return { teamId: scope.teamId, owner, tags, members: new Map() };
    }
    authorize(scope, 'project', await this.repo.findProject(scope.teamId, owner.id));
    const devices = await this.repo.projectDevices(owner.id);
    const tags = await this.repo.tagNames([
      ...new Set(devices.flatMap((d) => (d.template_id === null ? [] : [d.template_id]))),
    ]);
    const members = new Map(
      devices.map((d) => [
        d.id,
        {
          id: d.id,
          name: d.name,
          tags: (d.template_id === null ? null : tags.get(d.template_id)) ?? new Map<string, number>(),
        },
      ]),
    );
    return { teamId: scope.teamId, owner, tags: new Map(), members };
  }

  /** A screen of the caller's team through its owner (1003 when either is not visible). */
  async screen(user: SessionUser, id: number, mode: Mode): Promise<{ row: ScreenRow; target: Target }> {
    const row = await this.repo.find(user.teamId, id);
    if (!row) fail(ErrorCode.NO_DATA);
    return { row, target: await this.owner(user, ownerOf(row), mode) };
  }

  /** A template screen opened for a device: 7, the device visible, the screen of its template. */
  async deviceScreen(user: SessionUser, id: number, deviceId: number): Promise<ScreenRow> {
    this.require(user, Permission.DEVICE_CONFIG_SCREEN);
    const device = await this.device(user, deviceId);
    const row = await this.repo.find(user.teamId, id);
    if (!row || row.template_id === null || row.template_id !== device.template_id) fail(ErrorCode.NO_DATA);
    return row;
  }

  /** A device the caller sees (1003 otherwise). */
  async device(user: SessionUser, deviceId: number) {
    const scope = await this.perms.scope(user);
    const device = authorize(scope, 'device', await this.devices.find(scope.teamId, deviceId));
    return device;
  }
}
