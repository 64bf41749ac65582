import { useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '@hmi/contract';
import { editUserInfo } from '../../../api/account';
import { modalDefaults } from '../../../app/theme';
import { requiredRule } from '../../auth/rules';

interface ProfileValues {
  name: string;
  alias_name: string;
  contact: string;
}

export interface EditProfileModalProps {
  open: boolean;
  userInfo: UserInfo;
  onClose: () => void;
  /** Called after a successful save (the page reloads the user info). */
  onSaved: () => void;
}

/** Edits name, alias and contact through editUserInfo. */
export function EditProfileModal({ open, userInfo, onClose, onSaved }: EditProfileModalProps) {
  const { t } = useTranslation('profile');
  const { message } = App.useApp();
  const [form] = Form.useForm<ProfileValues>();
  const [saving, setSaving] = useState(false);

  const save = async (values: ProfileValues) => {
    setSaving(true);
    try {
      await editUserInfo({
        name: values.name.trim(),
        alias_name: (values.alias_name ?? '').trim(),
        contact: (values.contact ?? '').trim(),
      });
      message.success(t('edit.saved'));
      onSaved();
      onClose();
    } catch {
      // Translated by the client.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      {...modalDefaults}
      open={open}
      title={t('edit.title')}
      okText={t('edit.save')}
      cancelText={t('edit.cancel')}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ htmlType: 'submit' }}
      destroyOnHidden
      modalRender={(dom) => (
        <Form<ProfileValues>
          form={form}
          name="profile"
          layout="vertical"
          requiredMark={false}
          clearOnDestroy
          initialValues={{ name: userInfo.name, alias_name: userInfo.alias_name, contact: userInfo.contact }}
          onFinish={save}
        >
          {dom}
        </Form>
      )}
    >
      <Form.Item name="name" label={t('info.name')} rules={[requiredRule(t), { max: 50 }]}>
        <Input placeholder={t('edit.namePlaceholder')} maxLength={50} />
      </Form.Item>
      <Form.Item name="alias_name" label={t('info.alias_name')} rules={[{ max: 50 }]}>
        <Input placeholder={t('edit.aliasPlaceholder')} maxLength={50} />
      </Form.Item>
      <Form.Item name="contact" label={t('info.contact')} rules={[{ max: 100 }]}>
        <Input placeholder={t('edit.contactPlaceholder')} maxLength={100} />
      </Form.Item>
    </Modal>
  );
}
