/**
 * The mark of a template or project billing put out of service (over the team's allowance once its
 * Cloud Application cards lapsed): a tag whose tooltip says why and what still works, and a notice
 * for the screens that would change it. The server refuses the changes too (1033, reason `expired`).
 */
import { Alert, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

type Kind = 'template' | 'project';

export function ExpiredTag({ kind, testId }: { kind: Kind; testId?: string }) {
  const { t } = useTranslation('billing');
  return (
    <Tooltip title={t(`expired.${kind}`)}>
      <Tag color="warning" style={{ marginInlineStart: 8, cursor: 'help' }} data-testid={testId}>
        {t('expired.tag')}
      </Tag>
    </Tooltip>
  );
}

export function ExpiredNotice({ kind }: { kind: Kind }) {
  const { t } = useTranslation('billing');
  return (
    <Alert
      type="warning"
      showIcon
      title={t(`expired.${kind}`)}
      style={{ marginBottom: 16 }}
      data-testid={`${kind}-expired-notice`}
    />
  );
}
