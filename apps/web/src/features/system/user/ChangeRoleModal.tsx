/** Give a member another role; effective on the member's next request. */
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeMemberRole, type TeamMember } from '@hmi/contract';
import { useCallMutation } from '../../../api/callQuery';
import { FormModal } from '../../../shared/FormModal';
import { RoleField } from './RoleField';
import { teamChanged } from './teamChanged';

interface Values {
  role_id: number;
}

export function ChangeRoleModal({ member, onClose }: { member: TeamMember | null; onClose: () => void }) {
  const { t } = useTranslation('team');
  const changer = useCallMutation(changeMemberRole, { invalidates: teamChanged, handleError: true });

  const save =
    member &&
    ((values: Values) =>
      changer.mutateAsync({ params: { id: member.id }, body: { role_id: values.role_id } }));

  return (
    <FormModal
      open={member !== null}
      title={t('changeRole.title', { name: member?.name ?? '' })}
      name="changeRole"
      initialValues={member?.role_id ? { role_id: member.role_id } : {}}
      save={save}
      successText={t('changeRole.saved')}
      onClose={onClose}
    >
      <RoleField open={member !== null} label={t('field.role')} testId="change-role-select" />
      <Typography.Text type="secondary">{t('changeRole.tip')}</Typography.Text>
    </FormModal>
  );
}
