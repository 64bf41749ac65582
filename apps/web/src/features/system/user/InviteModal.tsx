/** Invite an account of the same data centre into the team with a role. */
import { Alert, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { createInvitation } from '../../../api/team';
import { requiredRule } from '../../../shared/formRules';
import { FormModal } from '../../../shared/FormModal';
import { RoleField } from './RoleField';

interface Values {
  account: string;
  role_id: number;
}

export function InviteModal({
  open,
  onClose,
  onSent,
}: {
  open: boolean;
  onClose: () => void;
  onSent: () => void;
}) {
  const { t } = useTranslation('team');

  const send = (values: Values) =>
    createInvitation({ account: values.account.trim(), role_id: values.role_id }, { handleError: true });

  return (
    <FormModal
      open={open}
      title={t('invite.title')}
      name="invite"
      save={send}
      successText={t('invite.sent')}
      onSaved={onSent}
      onClose={onClose}
    >
      <Alert type="info" showIcon title={t('invite.tip')} style={{ marginBottom: 16 }} />
      <Form.Item name="account" label={t('invite.account')} rules={[requiredRule(t)]}>
        <Input placeholder={t('invite.accountPlaceholder')} autoComplete="off" />
      </Form.Item>
      <RoleField open={open} label={t('invite.role')} testId="invite-role" hintNoRoles />
    </FormModal>
  );
}
