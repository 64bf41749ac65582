/** Give a member another role; effective on the member's next request. */
import { useState } from 'react';
import { App, Form, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TeamMember } from '@hmi/contract';
import { changeMemberRole } from '../../../api/team';
import { modalDefaults } from '../../../app/theme';
import { useErrorToast } from '../../../shared/errors';
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
  const { message } = App.useApp();
  const fail = useErrorToast();
  const [saving, setSaving] = useState(false);
  const roles = useRoleOptions(member !== null);

  const save = async (values: Values) => {
    if (!member) return;
    setSaving(true);
    try {
      await changeMemberRole(member.id, values.role_id, { handleError: true });
      void message.success(t('changeRole.saved'));
      onSaved();
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
      open={member !== null}
      title={t('changeRole.title', { name: member?.name ?? '' })}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ htmlType: 'submit' }}
      destroyOnHidden
      modalRender={(dom) => (
        <Form<Values>
          name="changeRole"
          layout="vertical"
          clearOnDestroy
          initialValues={member?.role_id ? { role_id: member.role_id } : {}}
          onFinish={save}
        >
          {dom}
        </Form>
      )}
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
    </Modal>
  );
}
