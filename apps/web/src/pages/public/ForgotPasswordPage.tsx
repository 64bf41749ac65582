/**
 * Password recovery: a code is sent to the account's phone or mailbox (forgetVerify), then the code
 * and a new password set it (modifyPwd).
 */
import { useState } from 'react';
import { App, Button, Form, Input, Result, theme } from 'antd';
import { LockOutlined, UserOutlined } from '../../ui/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { checkPassword, type Locale } from '@hmi/contract';
import { forgetVerify, modifyPwd } from '../../api/account';
import { AuthLayout } from '../../features/auth/AuthLayout';
import { authPaths } from '../../features/auth/paths';
import { checkRule, confirmRule, requiredRule } from '../../shared/formRules';
import { useCountdown } from '../../features/auth/useCountdown';
import { VerificationCodeInput } from '../../features/auth/VerificationCodeInput';

interface ForgotValues {
  username: string;
  code: string;
  passwd: string;
  confirm: string;
}

const RESEND_SECONDS = 60;

export function ForgotPasswordPage() {
  const { t, i18n } = useTranslation('auth');
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<ForgotValues>();
  const [channel, setChannel] = useState<'mail' | 'sms' | null>(null);
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [countdown, startCountdown] = useCountdown();
  const [done, setDone] = useState(false);
  const locale = (i18n.language || 'zh-CN') as Locale;

  const sendCode = async () => {
    let username: string;
    try {
      username = (
        (await form.validateFields(['username'])) as Pick<ForgotValues, 'username'>
      ).username.trim();
    } catch {
      return;
    }
    setSending(true);
    try {
      const answer = await forgetVerify({ username, locale });
      setChannel(answer.channel);
      message.success(t(answer.channel === 'mail' ? 'forgot.codeSentMail' : 'forgot.codeSentSms'));
      startCountdown(answer.resend_after || RESEND_SECONDS);
    } catch {
      // Translated by the client.
    } finally {
      setSending(false);
    }
  };

  const submit = async (values: ForgotValues) => {
    setSubmitting(true);
    try {
      await modifyPwd({
        username: values.username.trim(),
        code: values.code,
        passwd: values.passwd,
        confirm: values.confirm,
      });
      setDone(true);
    } catch {
      // Translated by the client.
    } finally {
      setSubmitting(false);
    }
  };

  if (done) {
    return (
      <AuthLayout width={520}>
        <Result
          status="success"
          title={t('forgot.successTitle')}
          subTitle={t('forgot.successSubTitle')}
          extra={
            <Button type="primary" onClick={() => navigate(authPaths.login)}>
              {t('forgot.backToLogin')}
            </Button>
          }
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={t('forgot.title')}
      subtitle={t('forgot.subtitle')}
      footer={<Link to={authPaths.login}>{t('forgot.backToLogin')}</Link>}
    >
      <Form<ForgotValues> form={form} name="forgot" layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item name="username" label={t('forgot.username')} rules={[requiredRule(t)]}>
          <Input
            prefix={<UserOutlined />}
            placeholder={t('forgot.usernamePlaceholder')}
            autoComplete="username"
          />
        </Form.Item>
        <Form.Item
          name="code"
          label={t('forgot.code')}
          rules={[
            { required: true, message: t('validation:required') },
            { pattern: /^\d{6}$/, message: t('register.codeFormat') },
          ]}
          extra={
            channel && (
              <span data-testid="forgot-channel">
                {t(channel === 'mail' ? 'forgot.codeSentMail' : 'forgot.codeSentSms')}
              </span>
            )
          }
        >
          <VerificationCodeInput
            placeholder={t('forgot.codePlaceholder')}
            countdown={countdown}
            sending={sending}
            onSend={sendCode}
            sendLabel="forgot.sendCode"
            resendLabel="forgot.resendIn"
          />
        </Form.Item>
        <Form.Item name="passwd" label={t('forgot.passwd')} rules={[checkRule(checkPassword, t)]}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('forgot.passwdPlaceholder')}
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('forgot.confirm')}
          dependencies={['passwd']}
          rules={[confirmRule('passwd', t)]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('forgot.confirmPlaceholder')}
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item style={{ marginBottom: 0, marginTop: token.marginXS }}>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            {t('forgot.submit')}
          </Button>
        </Form.Item>
      </Form>
    </AuthLayout>
  );
}
