/** Invite an account of the same data centre into the team with a role. */
import { useState } from 'react';
import { Alert, App, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { createInvitation } from '../../../api/team';
import { modalDefaults } from '../../../app/theme';
import { requiredRule } from '../../auth/rules';
import { useErrorToast } from '../../../shared/errors';
import { useRoleOptions } from './roleOptions';

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
  const { message } = App.useApp();
  const fail = useErrorToast();
  const [saving, setSaving] = useState(false);
  const roles = useRoleOptions(open);

  const send = async (values: Values) => {
    setSaving(true);
    try {
      await createInvitation(
        { account: values.account.trim(), role_id: values.role_id },
        { handleError: true },
      );
      void message.success(t('invite.sent'));
      onSent();
      onClose();
    } catch (error) {
      fail(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      {...modalDefaults}
      open={open}
      title={t('invite.title')}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ htmlType: 'submit' }}
      destroyOnHidden
      modalRender={(dom) => (
        <Form<Values> name="invite" layout="vertical" clearOnDestroy onFinish={send}>
          {dom}
        </Form>
      )}
    >
      <Alert type="info" showIcon title={t('invite.tip')} style={{ marginBottom: 16 }} />
      <Form.Item name="account" label={t('invite.account')} rules={[requiredRule(t)]}>
        <Input placeholder={t('invite.accountPlaceholder')} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="role_id"
        label={t('invite.role')}
        rules={[{ required: true, message: t('validation:required') }]}
        extra={!roles.loading && !roles.options.length ? t('invite.noRoles') : undefined}
      >
        <Select
          options={roles.options}
          loading={roles.loading}
          placeholder={t('invite.rolePlaceholder')}
          notFoundContent={t('common.noData')}
          data-testid="invite-role"
        />
      </Form.Item>
    </Modal>
  );
}
