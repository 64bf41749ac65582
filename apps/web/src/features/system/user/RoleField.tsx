/** The required role of the invite and change-role dialogs: a select of the team's roles. */
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRoleOptions } from './roleOptions';

interface Props {
  /** The roles load while the dialog is open. */
  open: boolean;
  label: string;
  testId: string;
  /** Says under the field that the team has no role yet (inviting needs one). */
  hintNoRoles?: boolean;
}

export function RoleField({ open, label, testId, hintNoRoles }: Props) {
  const { t } = useTranslation('team');
  const roles = useRoleOptions(open);
  return (
    <Form.Item
      name="role_id"
      label={label}
      rules={[{ required: true, message: t('validation:required') }]}
      extra={hintNoRoles && !roles.loading && !roles.options.length ? t('invite.noRoles') : undefined}
    >
      <Select
        options={roles.options}
        loading={roles.loading}
        placeholder={t('invite.rolePlaceholder')}
        notFoundContent={t('common.noData')}
        data-testid={testId}
      />
    </Form.Item>
  );
}
