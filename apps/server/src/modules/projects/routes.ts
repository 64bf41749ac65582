import { createProject, deleteProject, getProject, listProjects, updateProject } from '@hmi/contract';
import type { RegisterCall } from '../../platform/http/register-call';
import { resourceRoutes } from '../../platform/http/resource-routes';
import type { ProjectService } from './service';

export function projectRoutes(registerCall: RegisterCall, svc: ProjectService): void {
  resourceRoutes(registerCall, svc, [listProjects, createProject, getProject, updateProject, deleteProject]);
}
