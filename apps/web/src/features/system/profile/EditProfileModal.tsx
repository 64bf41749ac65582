import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '@hmi/contract';
import { editUserInfo } from '../../../api/account';
import { requiredRule } from '../../../shared/formRules';
import { FormModal } from '../../../shared/FormModal';
import { toastedByClient } from '../../../shared/useBusy';

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

  const save = (values: ProfileValues) =>
    editUserInfo({
      name: values.name.trim(),
      alias_name: (values.alias_name ?? '').trim(),
      contact: (values.contact ?? '').trim(),
    });

  return (
    <FormModal
      open={open}
      title={t('edit.title')}
      okText={t('edit.save')}
      cancelText={t('edit.cancel')}
      name="profile"
      requiredMark={false}
      initialValues={{ name: userInfo.name, alias_name: userInfo.alias_name, contact: userInfo.contact }}
      save={save}
      successText={t('edit.saved')}
      onSaved={onSaved}
      onClose={onClose}
      onError={toastedByClient}
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
    </FormModal>
  );
}
