/** Invite an account of the same data centre into the team with a role. */
import { Alert, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { createInvitation } from '@hmi/contract';
import { useCallMutation } from '../../../api/callQuery';
import { requiredRule } from '../../../shared/formRules';
import { FormModal } from '../../../shared/FormModal';
import { RoleField } from './RoleField';
import { teamChanged } from './teamChanged';

interface Values {
  account: string;
  role_id: number;
}

export function InviteModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('team');
  const inviter = useCallMutation(createInvitation, { invalidates: teamChanged, handleError: true });

  const send = (values: Values) =>
    inviter.mutateAsync({ body: { account: values.account.trim(), role_id: values.role_id } });

  return (
    <FormModal
      open={open}
      title={t('invite.title')}
      name="invite"
      save={send}
      successText={t('invite.sent')}
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
