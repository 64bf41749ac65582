import { EmptyStatePage } from '../../app/EmptyStatePage';

export function ProjectListPage() {
  return <EmptyStatePage titleKey="menu.projectlist" testId="page-projectlist" />;
}
