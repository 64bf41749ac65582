import { EmptyStatePage } from '../../app/EmptyStatePage';

export function TemplateListPage() {
  return <EmptyStatePage titleKey="menu.templatelist" testId="page-templatelist" />;
}
