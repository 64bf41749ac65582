import { screenDocument } from '@hmi/contract';
import type { Db } from '../../platform/db';
import { namedRowId } from '../../platform/db/rows';
import type { SessionUser } from '../../platform/http/session';
import type { ProjectService } from '../projects';
import type { ScreenService } from '../screens';
import { DEMO_TEMPLATE } from './hmis';
import { ovenLineScreen, plantOverviewScreen } from './screen-documents';

export const DEMO_PROJECT = 'Demo plant';
export const DEMO_TEMPLATE_SCREEN = 'Oven line';
export const DEMO_PROJECT_SCREEN = 'Plant overview';

export interface DemoScreensDeps {
  database: Db;
  screens: ScreenService;
  projects: ProjectService;
}

/**
 * DEMO=1: the demo template's oven-line screen, and a demo project holding the demo HMIs with a
 * screen showing them side by side, so a new user sees a live plant picture at once. Idempotent:
 * an owner that has screens (the user's own edits included) is left as it is, and a project the
 * user deleted is made again only while none of that name exists.
 */
export async function seedDemoScreens(
  d: DemoScreensDeps,
  user: SessionUser,
  deviceIds: readonly number[],
): Promise<void> {
  const { db } = d.database;
  const templateId = await namedRowId(db, 'templates', user.teamId, DEMO_TEMPLATE);
  const template = templateId === undefined ? null : ({ kind: 'template', id: templateId } as const);
  if (template && (await d.screens.repo.count(template, db)) === 0)
    await d.screens.create(user, template, {
      name: DEMO_TEMPLATE_SCREEN,
      sort: 0,
      document: screenDocument.parse(ovenLineScreen),
    });

  if (!deviceIds.length) return;
  const projectId =
    (await namedRowId(db, 'projects', user.teamId, DEMO_PROJECT)) ??
    (await d.projects.create(user, { name: DEMO_PROJECT, device_ids: [...deviceIds] })).id;
  if ((await d.screens.repo.count({ kind: 'project', id: projectId }, db)) > 0) return;
  const members = await db
    .selectFrom('project_devices')
    .innerJoin('devices', 'devices.id', 'project_devices.device_id')
    .select(['devices.id', 'devices.name'])
    .where('project_devices.project_id', '=', projectId)
    .where('devices.id', 'in', [...deviceIds])
    .orderBy('devices.sn')
    .execute();
  await d.screens.create(
    user,
    { kind: 'project', id: projectId },
    { name: DEMO_PROJECT_SCREEN, sort: 0, document: screenDocument.parse(plantOverviewScreen(members)) },
  );
}
