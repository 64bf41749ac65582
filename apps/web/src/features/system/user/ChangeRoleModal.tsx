/** Give a member another role; effective on the member's next request. */
import { Form, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TeamMember } from '@hmi/contract';
import { changeMemberRole } from '../../../api/team';
import { FormModal } from '../../../shared/FormModal';
import { useRoleOptions } from './roleOptions';

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
  const roles = useRoleOptions(member !== null);

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
      <Form.Item
        name="role_id"
        label={t('field.role')}
        rules={[{ required: true, message: t('validation:required') }]}
      >
        <Select
          options={roles.options}
          loading={roles.loading}
          placeholder={t('invite.rolePlaceholder')}
          notFoundContent={t('common.noData')}
          data-testid="change-role-select"
        />
      </Form.Item>
      <Typography.Text type="secondary">{t('changeRole.tip')}</Typography.Text>
    </FormModal>
  );
}
