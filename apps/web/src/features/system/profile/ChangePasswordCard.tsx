import { useState } from 'react';
import { App, Button, Card, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkNewPassword } from '@hmi/contract';
import { changePwd } from '../../../api/account';
import { confirmRule } from '../../../shared/formRules';

interface ChangePwdValues {
  old_passwd: string;
  passwd: string;
  confirm: string;
}

/** Change password: the current one, a new one that follows the rules and differs, and its confirmation. */
export function ChangePasswordCard() {
  const { t } = useTranslation('profile');
  const { message } = App.useApp();
  const [form] = Form.useForm<ChangePwdValues>();
  const [saving, setSaving] = useState(false);

  const submit = async (values: ChangePwdValues) => {
    setSaving(true);
    try {
      await changePwd(values);
      message.success(t('password.done'));
      form.resetFields();
    } catch {
      // Translated by the client (e.g. 1004 wrong current password).
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={t('password.title')}>
      <Typography.Paragraph type="secondary">{t('password.tip')}</Typography.Paragraph>
      <Form<ChangePwdValues>
        form={form}
        name="changePwd"
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        style={{ maxWidth: 440 }}
      >
        <Form.Item
          name="old_passwd"
          label={t('password.old')}
          rules={[{ required: true, message: t('validation:required') }]}
        >
          <Input.Password placeholder={t('password.oldPlaceholder')} autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="passwd"
          label={t('password.new')}
          dependencies={['old_passwd']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_rule, value: unknown) => {
                const key = checkNewPassword(
                  (getFieldValue('old_passwd') as string | undefined) ?? '',
                  typeof value === 'string' ? value : '',
                );
                return key ? Promise.reject(new Error(t(`validation:${key}`))) : Promise.resolve();
              },
            }),
          ]}
        >
          <Input.Password placeholder={t('password.newPlaceholder')} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('password.confirm')}
          dependencies={['passwd']}
          rules={[confirmRule('passwd', t)]}
        >
          <Input.Password placeholder={t('password.confirmPlaceholder')} autoComplete="new-password" />
        </Form.Item>
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('password.submit')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
