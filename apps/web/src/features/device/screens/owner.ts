/** Whose screens a drawer shows: a template's (ids 8 view, 11 change) or a project's (39, 42). */
import { listProjectScreens, listTemplateScreens, Permission, type PermissionId } from '@hmi/contract';
import type { CallOptions } from '../../../api/client';
import { exportProjectScreens, exportTemplateScreens } from '../../../api/screens';

export interface ScreenOwner {
  kind: 'template' | 'project';
  id: number;
  name: string;
  /** A template's HMI model: its devices are found among the devices of that model. */
  model?: string;
  /** Put out of service by billing: readable, not editable (the server refuses with 1033). */
  expired?: boolean;
}

export const ownerPermissions: Record<ScreenOwner['kind'], { view: PermissionId; edit: PermissionId }> = {
  template: { view: Permission.TEMPLATE_VIEW, edit: Permission.TEMPLATE_EDIT },
  project: { view: Permission.PROJECT_VIEW, edit: Permission.PROJECT_EDIT },
};

/** The call listing the owner's screens (both take the owner's id as `:id`). */
export const ownerScreensCall = (owner: ScreenOwner) =>
  owner.kind === 'template' ? listTemplateScreens : listProjectScreens;

export const exportOwnerScreens = (owner: ScreenOwner, options?: CallOptions) =>
  owner.kind === 'template'
    ? exportTemplateScreens(owner.id, options)
    : exportProjectScreens(owner.id, options);

/**
 * The viewer's address for one screen (a full page of its own, opened in a new tab): a template's
 * screen shows the live values of the device given; without one it shows the picture only.
 */
export const viewerHref = (screenId: number, deviceId?: number): string =>
  deviceId === undefined ? `#/scada?screen=${screenId}` : `#/scada?device=${deviceId}&screen=${screenId}`;

/** The editor's address for one screen (a full page of its own, opened in a new tab). */
export const editorHref = (screenId: number): string => `#/scada/edit?screen=${screenId}`;
