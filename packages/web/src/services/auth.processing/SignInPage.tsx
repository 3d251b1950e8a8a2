import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert, Button, Form, Input } from 'antd';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { email, passwordSignIn, type AuthResult, type Lang } from '@dp/contracts';
import { api, errorTitle, gatewayPath } from '../../kit/api.ts';
import { zodRule } from '../../kit/rules.ts';
import { HOME_PATH, RESTORE_PATH } from '../../app/guards.ts';
import { signedIn, useSession } from '../../app/session.ts';
import { AuthCard } from './AuthCard.tsx';
import { ExternalSignInButtons } from './ExternalSignInButtons.tsx';

const fields = passwordSignIn.shape;
/** The identity is an e-mail: its format is checked here, before the server is asked. */
const identityRule = email();

/** '/' for anyone not signed in: e-mail, password, "Forgot password?", language. */
export default function SignInPage() {
  const { t } = useTranslation('auth');
  const { lang } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<string | null>(null);
  const currentLang = (): Lang => lang;

  const signIn = useMutation({
    mutationFn: (values: { identity: string; secret: string }) =>
      api.post<AuthResult>(gatewayPath('auth.processing', 'auth'), { method: 'password', identity: values.identity.trim(), secret: values.secret }, { anonymous: true }),
    onSuccess: (result) => {
      setStatus(null);
      queryClient.clear();
      signedIn(result);
      const from = (location.state as { from?: string } | null)?.from;
      navigate(from && from !== '/' ? from : HOME_PATH, { replace: true });
    },
    // The error message is kept as the sign-in status (spec 000 §8).
    onError: (error) => setStatus(errorTitle(error, lang)),
  });

  return (
    <AuthCard title={t('sign_in.title')} subtitle={t('sign_in.subtitle')}>
      {status && <Alert type="error" showIcon title={status} className="auth-card__alert" role="alert" />}
      <Form layout="vertical" name="sign-in" requiredMark={false} onFinish={(values) => signIn.mutate(values)} disabled={signIn.isPending}>
        <Form.Item name="identity" label={t('fields.email')} rules={[zodRule(identityRule, currentLang)]} validateTrigger="onBlur">
          <Input prefix={<MailOutlined aria-hidden />} autoComplete="username" inputMode="email" autoFocus size="large" />
        </Form.Item>
        <Form.Item name="secret" label={t('fields.password')} rules={[zodRule(fields.secret, currentLang)]}>
          <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="current-password" size="large" />
        </Form.Item>
        <div className="auth-card__row">
          <Link to={RESTORE_PATH}>{t('sign_in.forgot')}</Link>
        </div>
        <Button type="primary" htmlType="submit" block size="large" loading={signIn.isPending}>
          {t('sign_in.submit')}
        </Button>
      </Form>
      <ExternalSignInButtons onError={setStatus} />
    </AuthCard>
  );
}
