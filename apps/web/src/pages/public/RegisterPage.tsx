/**
 * Sign-up by phone (with an SMS code) or by mail (spec section 2). A mail sign-up is answered with
 * 1014 "go to your mailbox to activate", which is a success: the page then offers to resend the mail.
 */
import { useState } from 'react';
import { App, Button, Checkbox, Form, Input, Result, Segmented, Select, Space, theme } from 'antd';
import { LockOutlined, MailOutlined, MobileOutlined, UserOutlined } from '../../ui/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  AccountType,
  ErrorCode,
  checkEmail,
  checkPassword,
  checkPhone,
  phoneCountryCodes,
  type DataCenter,
  type Locale,
} from '@hmi/contract';
import { phoneVerify, register, resendMail } from '../../api/account';
import { DataCenterPicker, DEFAULT_DATA_CENTER, readDataCenter } from '../../components/DataCenterPicker';
import { AgreementText } from '../../features/auth/AgreementText';
import { AuthLayout } from '../../features/auth/AuthLayout';
import { errorCode, toastError } from '../../features/auth/errors';
import { authPaths } from '../../features/auth/paths';
import { SubmitAndSwitch } from '../../features/auth/SubmitAndSwitch';
import { checkRule, confirmRule, requiredRule } from '../../shared/formRules';
import { useCountdown } from '../../features/auth/useCountdown';
import { VerificationCodeInput } from '../../features/auth/VerificationCodeInput';

export type RegisterType = 'phone' | 'mail';

interface RegisterValues {
  username: string;
  code?: string;
  name: string;
  passwd: string;
  confirm: string;
  data_center: DataCenter;
  agree: boolean;
}

type Outcome = { kind: 'phone'; username: string } | { kind: 'mail'; username: string };

const RESEND_SECONDS = 60;

function MailSent({ username, locale }: { username: string; locale: Locale }) {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const [sending, setSending] = useState(false);
  const [countdown, startCountdown] = useCountdown();
  const resend = async () => {
    setSending(true);
    try {
      await resendMail(AccountType.EMAIL, { username, locale });
      message.success(t('register.resendDone'));
      startCountdown(RESEND_SECONDS);
    } catch {
      // Translated by the client.
    } finally {
      setSending(false);
    }
  };
  return (
    <Result
      icon={<MailOutlined />}
      status="info"
      title={t('register.mailTitle')}
      subTitle={
        <>
          {t('register.mailSubTitle', { mail: username })}
          <br />
          {t('register.mailTip')}
        </>
      }
      extra={[
        <Button
          key="resend"
          onClick={resend}
          loading={sending}
          disabled={countdown > 0}
          data-testid="resend-mail"
        >
          {countdown > 0 ? t('register.resendIn', { seconds: countdown }) : t('register.resendMail')}
        </Button>,
        <Link key="login" to={authPaths.login}>
          <Button type="primary">{t('register.backToLogin')}</Button>
        </Link>,
      ]}
    />
  );
}

export function RegisterPage() {
  const { t, i18n } = useTranslation('auth');
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterValues>();
  const [type, setType] = useState<RegisterType>('phone');
  const [submitting, setSubmitting] = useState(false);
  const [sendingCode, setSendingCode] = useState(false);
  const [countdown, startCountdown] = useCountdown();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const locale = (i18n.language || 'zh-CN') as Locale;

  const switchType = (next: RegisterType) => {
    setType(next);
    form.resetFields(['username', 'code']);
  };

  const sendCode = async () => {
    let phone: string;
    try {
      phone = ((await form.validateFields(['username'])) as Pick<RegisterValues, 'username'>).username;
    } catch {
      return;
    }
    setSendingCode(true);
    try {
      const answer = await phoneVerify({ phone, country_code: '+86', locale }, 'register');
      message.success(t('register.codeSent'));
      startCountdown(answer.resend_after || RESEND_SECONDS);
    } catch {
      // Translated by the client.
    } finally {
      setSendingCode(false);
    }
  };

  const submit = async (values: RegisterValues) => {
    const username = values.username.trim();
    setSubmitting(true);
    try {
      const answer = await register(
        type === 'phone' ? AccountType.PHONE : AccountType.EMAIL,
        {
          username,
          passwd: values.passwd,
          confirm: values.confirm,
          name: values.name.trim(),
          data_center: values.data_center,
          ...(type === 'phone' ? { code: values.code } : {}),
          agree: true,
          locale,
        },
        { handleError: true },
      );
      setOutcome(
        type === 'mail' && !answer.activated ? { kind: 'mail', username } : { kind: 'phone', username },
      );
    } catch (error) {
      if (type === 'mail' && errorCode(error) === ErrorCode.GO_ACTIVATE_EMAIL)
        setOutcome({ kind: 'mail', username });
      else toastError(error);
    } finally {
      setSubmitting(false);
    }
  };

  if (outcome) {
    return (
      <AuthLayout width={520}>
        {outcome.kind === 'mail' ? (
          <MailSent username={outcome.username} locale={locale} />
        ) : (
          <Result
            status="success"
            title={t('register.successTitle')}
            subTitle={t('register.successSubTitle', { username: outcome.username })}
            extra={
              <Button type="primary" onClick={() => navigate(authPaths.login)}>
                {t('register.login')}
              </Button>
            }
          />
        )}
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('register.title')} width={460}>
      <Segmented<RegisterType>
        block
        value={type}
        onChange={switchType}
        style={{ marginBottom: token.marginLG }}
        options={[
          { value: 'phone', label: <span data-testid="register-type-phone">{t('register.phone')}</span> },
          { value: 'mail', label: <span data-testid="register-type-mail">{t('register.mail')}</span> },
        ]}
      />
      <Form<RegisterValues>
        form={form}
        name="register"
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        initialValues={{ data_center: readDataCenter()?.data_center ?? DEFAULT_DATA_CENTER, agree: false }}
      >
        {type === 'phone' ? (
          <>
            <Form.Item label={t('register.phoneLabel')} required>
              <Space.Compact block>
                <Select
                  aria-label={t('register.countryCode')}
                  value={phoneCountryCodes[0]}
                  options={phoneCountryCodes.map((code) => ({ value: code, label: code }))}
                  style={{ width: 88 }}
                />
                <Form.Item name="username" noStyle rules={[checkRule(checkPhone, t)]} validateFirst>
                  <Input
                    prefix={<MobileOutlined />}
                    placeholder={t('register.phonePlaceholder')}
                    inputMode="tel"
                    autoComplete="tel-national"
                    maxLength={11}
                  />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
            <Form.Item
              name="code"
              label={t('register.code')}
              rules={[
                { required: true, message: t('validation:required') },
                { pattern: /^\d{6}$/, message: t('register.codeFormat') },
              ]}
            >
              <VerificationCodeInput
                placeholder={t('register.codePlaceholder')}
                countdown={countdown}
                sending={sendingCode}
                onSend={sendCode}
                sendLabel="register.sendCode"
                resendLabel="register.resendIn"
              />
            </Form.Item>
          </>
        ) : (
          <Form.Item name="username" label={t('register.mailLabel')} rules={[checkRule(checkEmail, t)]}>
            <Input
              prefix={<MailOutlined />}
              placeholder={t('register.mailPlaceholder')}
              inputMode="email"
              autoComplete="email"
            />
          </Form.Item>
        )}
        <Form.Item name="name" label={t('register.name')} rules={[requiredRule(t), { max: 50 }]}>
          <Input prefix={<UserOutlined />} placeholder={t('register.namePlaceholder')} maxLength={50} />
        </Form.Item>
        <Form.Item name="passwd" label={t('register.passwd')} rules={[checkRule(checkPassword, t)]}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('register.passwdPlaceholder')}
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('register.confirm')}
          dependencies={['passwd']}
          rules={[confirmRule('passwd', t)]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('register.confirmPlaceholder')}
            autoComplete="new-password"
          />
        </Form.Item>
        <Form.Item name="data_center" label={t('dataCenter.label')} tooltip={t('dataCenter.tip')}>
          <DataCenterPicker block />
        </Form.Item>
        <Form.Item
          name="agree"
          valuePropName="checked"
          rules={[
            {
              validator: (_rule, value: unknown) =>
                value ? Promise.resolve() : Promise.reject(new Error(t('register.agreeRequired'))),
            },
          ]}
        >
          <Checkbox>
            <AgreementText i18nKey="register.agree" />
          </Checkbox>
        </Form.Item>
        <SubmitAndSwitch
          submit={t('register.submit')}
          submitting={submitting}
          question={t('register.haveAccount')}
          link={t('register.login')}
          to={authPaths.login}
        />
      </Form>
    </AuthLayout>
  );
}
