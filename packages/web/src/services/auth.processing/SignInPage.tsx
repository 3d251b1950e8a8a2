import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, Form, type FormRule } from 'antd';
// Input and Password alone: antd's Input also brings TextArea, Search and OTP (docs/performance.md).
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AuthResult, SignInReply } from '@dp/contracts';
import { api, errorTitle, gatewayPath } from '../../kit/api.ts';
import { HOME_PATH, RESTORE_PATH } from '../../app/guards.ts';
import { getSession, signedIn, useSession } from '../../app/session.ts';
import { AuthCard } from './AuthCard.tsx';
import { useAuthProviders } from './oidc.ts';

/** Loaded when needed, not with the page (docs/performance.md): the error of a failed sign-in, the providers' buttons. */
const Alert = lazy(() => import('antd/es/alert'));
/** The second step of an account with a second factor: its own chunk, loaded when asked for. */
const SecondFactorStep = lazy(() => import('./SecondFactorStep.tsx'));
const ExternalSignInButtons = lazy(() => import('./ExternalSignInButtons.tsx').then((module) => ({ default: module.ExternalSignInButtons })));

/**
 * A field's check, loaded on the first check with zod and the messages, not with the page: they are
 * about 40 KB of compressed JavaScript (docs/performance.md). A check that cannot be loaded lets
 * the value through: the server checks the same rules.
 */
function signInRule(field: 'identity' | 'secret'): FormRule {
  return {
    validator: async (_rule, value) => {
      const checks = await import('./sign-in-schemas.ts').catch(() => null);
      const message = checks?.signInMessage(field, value, getSession().lang);
      if (message) throw new Error(message);
    },
  };
}
const identityRule = signInRule('identity');
const secretRule = signInRule('secret');

/**
 * '/' for anyone not signed in: e-mail, password, "Forgot password?", language; then, for an
 * account with a second factor, the code of the app or a recovery code.
 */
export default function SignInPage() {
  const { t } = useTranslation('auth');
  const { lang } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<string | null>(null);
  // Set while the sign-in waits for its second step (the password was right).
  const [challenge, setChallenge] = useState<string | null>(null);
  // The providers' buttons, when any is configured (none: nothing, and their code is not loaded).
  const providers = useAuthProviders().data ?? [];

  const finish = (result: AuthResult) => {
    setStatus(null);
    queryClient.clear();
    signedIn(result);
    const from = (location.state as { from?: string } | null)?.from;
    navigate(from && from !== '/' ? from : HOME_PATH, { replace: true });
  };
  const signIn = useMutation({
    mutationFn: (values: { identity: string; secret: string }) =>
      api.post<SignInReply>(gatewayPath('auth.processing', 'auth'), { method: 'password', identity: values.identity.trim(), secret: values.secret }, { anonymous: true }),
    onSuccess: (reply) => {
      if ('challenge' in reply) {
        setStatus(null);
        setChallenge(reply.challenge);
        return;
      }
      finish(reply);
    },
    // The error message is kept as the sign-in status (spec 000 §8).
    onError: (error) => setStatus(errorTitle(error, lang)),
  });

  const alert = status && (
    <Suspense fallback={null}>
      <Alert type="error" showIcon title={status} className="auth-card__alert" role="alert" />
    </Suspense>
  );
  if (challenge) {
    return (
      <AuthCard title={t('second_factor.step_title')} subtitle={t('second_factor.step_subtitle')}>
        {alert}
        <Suspense fallback={null}>
          <SecondFactorStep
            challenge={challenge}
            onSignedIn={finish}
            onError={setStatus}
            onRestart={(message) => {
              setChallenge(null);
              setStatus(message ?? null);
            }}
          />
        </Suspense>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('sign_in.title')} subtitle={t('sign_in.subtitle')}>
      {alert}
      <Form layout="vertical" name="sign-in" requiredMark={false} onFinish={(values) => signIn.mutate(values)} disabled={signIn.isPending}>
        <Form.Item name="identity" label={t('fields.email')} rules={[identityRule]} validateTrigger="onBlur">
          <Input prefix={<MailOutlined aria-hidden />} autoComplete="username" inputMode="email" autoFocus size="large" />
        </Form.Item>
        <Form.Item name="secret" label={t('fields.password')} rules={[secretRule]}>
          <Password prefix={<LockOutlined aria-hidden />} autoComplete="current-password" size="large" />
        </Form.Item>
        <div className="auth-card__row">
          <Link to={RESTORE_PATH}>{t('sign_in.forgot')}</Link>
        </div>
        <Button type="primary" htmlType="submit" block size="large" loading={signIn.isPending}>
          {t('sign_in.submit')}
        </Button>
      </Form>
      {providers.length > 0 && (
        <Suspense fallback={null}>
          <ExternalSignInButtons list={providers} onError={setStatus} />
        </Suspense>
      )}
    </AuthCard>
  );
}
