/** Login (spec section 2): account and password; on success the session hook stores and redirects. */
import { useState } from 'react';
import { Flex, Form, Input, Typography, theme } from 'antd';
import { LockOutlined, MobileOutlined, UserOutlined } from '../../ui/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { login } from '../../api/account';
import { useLoginRedirect } from '../../session/session';
import { AgreementText } from '../../features/auth/AgreementText';
import { AuthLayout } from '../../features/auth/AuthLayout';
import { authPaths } from '../../features/auth/paths';
import { SubmitAndSwitch } from '../../features/auth/SubmitAndSwitch';
import { requiredRule } from '../../shared/formRules';

interface LoginValues {
  user: string;
  passwd: string;
}

export function LoginPage() {
  const { t } = useTranslation('auth');
  const { token } = theme.useToken();
  const [form] = Form.useForm<LoginValues>();
  const [submitting, setSubmitting] = useState(false);
  const redirect = useLoginRedirect();

  const submit = async (values: LoginValues) => {
    setSubmitting(true);
    try {
      const tokens = await login({ user: values.user.trim(), passwd: values.passwd });
      redirect(tokens);
    } catch {
      // The client already showed the translated error.
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout
      title={t('login.title')}
      dataCenter
      footer={
        <Link to={authPaths.appDownload}>
          <MobileOutlined /> {t('login.appDownload')}
        </Link>
      }
    >
      <Form<LoginValues>
        form={form}
        name="login"
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        autoComplete="on"
      >
        <Form.Item name="user" label={t('login.user')} rules={[requiredRule(t)]}>
          <Input prefix={<UserOutlined />} placeholder={t('login.userPlaceholder')} autoComplete="username" />
        </Form.Item>
        <Form.Item
          name="passwd"
          label={t('login.passwd')}
          rules={[{ required: true, message: t('validation:required') }]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('login.passwdPlaceholder')}
            autoComplete="current-password"
          />
        </Form.Item>
        <Flex justify="flex-end" style={{ marginTop: -token.marginSM, marginBottom: token.marginMD }}>
          <Link to={authPaths.forgot}>{t('login.forgot')}</Link>
        </Flex>
        <SubmitAndSwitch
          submit={t('login.submit')}
          submitting={submitting}
          question={t('login.noAccount')}
          link={t('login.register')}
          to={authPaths.register}
        />
        <Typography.Paragraph
          type="secondary"
          style={{
            marginTop: token.marginLG,
            marginBottom: 0,
            fontSize: token.fontSizeSM,
            textAlign: 'center',
          }}
        >
          <AgreementText i18nKey="login.agreement" />
        </Typography.Paragraph>
      </Form>
    </AuthLayout>
  );
}
