/**
 * Target of the activation mail's link `#/activeresult?code=…`: activates the account and shows the
 * result (0 success, 1020 expired, 1003 invalid).
 */
import { useEffect, useState } from 'react';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorCode } from '@hmi/contract';
import { activate } from '../../api/account';
import { AuthLayout } from '../../features/auth/AuthLayout';
import { errorCode } from '../../features/auth/errors';
import { authPaths } from '../../features/auth/paths';

export type ActivationState =
  | { status: 'loading' }
  | { status: 'success'; username: string }
  | { status: 'expired' }
  | { status: 'invalid' }
  | { status: 'failed'; code: number | string };

const resultStatus = { success: 'success', expired: 'warning', invalid: 'error', failed: 'error' } as const;

/** Codes shorter than the contract's minimum are rejected without a call. */
const MIN_CODE_LENGTH = 16;

/**
 * An activation code works once, so a remount (strict mode, back and forth) must not send it again:
 * each code's outcome is kept for the page's lifetime.
 */
const activations = new Map<string, Promise<ActivationState>>();

function activateOnce(code: string): Promise<ActivationState> {
  let outcome = activations.get(code);
  if (!outcome) {
    outcome = activate(code, { handleError: true }).then(
      (answer): ActivationState => ({ status: 'success', username: answer.username }),
      (error: unknown): ActivationState => {
        const failed = errorCode(error) ?? 'unknown';
        if (failed === ErrorCode.ACTIVATION_LINK_EXPIRED || failed === ErrorCode.ACTIVATION_CODE_EXPIRED)
          return { status: 'expired' };
        if (failed === ErrorCode.NO_DATA) return { status: 'invalid' };
        return { status: 'failed', code: failed };
      },
    );
    activations.set(code, outcome);
  }
  return outcome;
}

export function ActiveResultPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const [state, setState] = useState<ActivationState>(() =>
    code.length >= MIN_CODE_LENGTH ? { status: 'loading' } : { status: 'invalid' },
  );

  useEffect(() => {
    if (code.length < MIN_CODE_LENGTH) return undefined;
    let alive = true;
    void activateOnce(code).then((next) => {
      if (alive) setState(next);
    });
    return () => {
      alive = false;
    };
  }, [code]);

  const toLogin = (
    <Button type="primary" key="login" onClick={() => navigate(authPaths.login)}>
      {t(state.status === 'success' ? 'activate.login' : 'activate.backToLogin')}
    </Button>
  );

  // Each outcome's texts are `activate.<status>Title` and `…SubTitle`, the latter interpolating the
  // state (success names the account); a failure tells its error.
  const content =
    state.status === 'loading' ? (
      <Result icon={<Spin size="large" />} title={t('activate.loading')} />
    ) : (
      <Result
        status={resultStatus[state.status]}
        title={t(`activate.${state.status}Title`)}
        subTitle={
          state.status === 'failed'
            ? t(`errors:${state.code}`, { defaultValue: t('errors:unknown') })
            : t(`activate.${state.status}SubTitle`, state)
        }
        extra={
          state.status === 'expired'
            ? [
                <Button type="primary" key="register" onClick={() => navigate(authPaths.register)}>
                  {t('activate.registerAgain')}
                </Button>,
                <Button key="login" onClick={() => navigate(authPaths.login)}>
                  {t('activate.backToLogin')}
                </Button>,
              ]
            : toLogin
        }
      />
    );

  return (
    <AuthLayout width={560}>
      <div data-testid={`activation-${state.status}`}>{content}</div>
    </AuthLayout>
  );
}
