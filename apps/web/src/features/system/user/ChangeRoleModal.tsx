/** Give a member another role; effective on the member's next request. */
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TeamMember } from '@hmi/contract';
import { changeMemberRole } from '../../../api/team';
import { FormModal } from '../../../shared/FormModal';
import { RoleField } from './RoleField';

interface Values {
  role_id: number;
}

export function ChangeRoleModal({
  member,
  onClose,
  onSaved,
}: {
  member: TeamMember | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('team');

  const save =
    member && ((values: Values) => changeMemberRole(member.id, values.role_id, { handleError: true }));

  return (
    <FormModal
      open={member !== null}
      title={t('changeRole.title', { name: member?.name ?? '' })}
      name="changeRole"
      initialValues={member?.role_id ? { role_id: member.role_id } : {}}
      save={save}
      successText={t('changeRole.saved')}
      onSaved={onSaved}
      onClose={onClose}
    >
      <RoleField open={member !== null} label={t('field.role')} testId="change-role-select" />
      <Typography.Text type="secondary">{t('changeRole.tip')}</Typography.Text>
    </FormModal>
  );
}
