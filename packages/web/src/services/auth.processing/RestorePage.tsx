import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Button, Form, Input, Result, Steps } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { restoreCodeBody, restorePasswordBody, type Lang, type RestoreStarted } from '@dp/contracts';
import { api, errorTitle, gatewayPath, isApiError } from '../../kit/api.ts';
import { sameAsRule, zodRule } from '../../kit/rules.ts';
import { INDEX_PATH } from '../../app/guards.ts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { AuthCard } from './AuthCard.tsx';

export const RESEND_SECONDS = 60;
const codeFields = restoreCodeBody.shape.data.shape;
const passwordFields = restorePasswordBody.shape.data.shape;

/** Seconds left until `until` (ms), ticking once a second. */
function useCountdown(until: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/** Password recovery in three steps: e-mail → code and new password → done. */
export default function RestorePage() {
  const { t } = useTranslation('auth');
  const { lang } = useSession();
  const navigate = useNavigate();
  const currentLang = (): Lang => lang;
  const [step, setStep] = useState(0);
  const [identity, setIdentity] = useState('');
  const [request, setRequest] = useState<RestoreStarted | null>(null);
  const [resendAt, setResendAt] = useState(0);
  const [status, setStatus] = useState<string | null>(null);
  const [passwordForm] = Form.useForm();
  const secondsLeft = useCountdown(resendAt);

  const sendCode = useMutation({
    mutationFn: (value: string) =>
      api.post<RestoreStarted>(gatewayPath('auth.processing', 'restore/code'), { identity: value }, { anonymous: true }),
    onSuccess: (started, value) => {
      setIdentity(value);
      setRequest(started);
      setResendAt(Date.now() + RESEND_SECONDS * 1000);
      setStatus(null);
      setStep(1);
    },
    onError: (error) => setStatus(errorTitle(error, lang)),
  });

  const resend = useMutation({
    mutationFn: () => api.request<{ data: RestoreStarted }>('GET', gatewayPath('auth.processing', `restore/${encodeURIComponent(request!.id)}/refresh`), { anonymous: true }),
    onSuccess: (body) => {
      if (body?.data) setRequest(body.data);
      setResendAt(Date.now() + RESEND_SECONDS * 1000);
      notify.success(t('restore.code_sent_again'));
    },
    onError: (error) => notify.error(errorTitle(error, lang)),
  });

  const setPassword = useMutation({
    mutationFn: (values: { code: string; new_password: string }) =>
      api.post(gatewayPath('auth.processing', 'restore/password'), { identity, code: values.code.trim(), new_password: values.new_password }, { anonymous: true }),
    onSuccess: () => {
      setStatus(null);
      setStep(2);
    },
    onError: (error) => {
      if (isApiError(error)) {
        const fields = Object.entries(error.fieldErrors()).filter(([name]) => name === 'code' || name === 'new_password');
        if (fields.length) {
          passwordForm.setFields(fields.map(([name, errors]) => ({ name, errors })));
          return;
        }
      }
      setStatus(errorTitle(error, lang));
    },
  });

  const steps = [{ title: t('restore.step_email') }, { title: t('restore.step_password') }, { title: t('restore.step_done') }];

  return (
    <AuthCard title={t('restore.title')} subtitle={step === 0 ? t('restore.subtitle') : undefined}>
      <Steps size="small" current={step} items={steps} className="auth-card__steps" />
      {status && <Alert type="error" showIcon title={status} className="auth-card__alert" role="alert" />}

      {step === 0 && (
        <Form layout="vertical" name="restore-email" requiredMark={false} initialValues={{ identity }} onFinish={(values: { identity: string }) => sendCode.mutate(values.identity.trim())} disabled={sendCode.isPending}>
          <Form.Item name="identity" label={t('fields.email')} rules={[zodRule(codeFields.identity, currentLang)]}>
            <Input prefix={<MailOutlined aria-hidden />} autoComplete="username" inputMode="email" autoFocus size="large" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={sendCode.isPending}>
            {t('restore.send_code')}
          </Button>
          <div className="auth-card__row auth-card__row--center">
            <Link to={INDEX_PATH}>{t('restore.back')}</Link>
          </div>
        </Form>
      )}

      {step === 1 && (
        <Form form={passwordForm} layout="vertical" name="restore-password" requiredMark={false} onFinish={(values: { code: string; new_password: string }) => setPassword.mutate(values)} disabled={setPassword.isPending}>
          <Alert type="info" showIcon title={t('restore.code_sent', { email: identity })} className="auth-card__alert" />
          <Form.Item name="code" label={t('fields.code')} rules={[zodRule(passwordFields.code, currentLang)]}>
            <Input autoComplete="one-time-code" autoFocus size="large" />
          </Form.Item>
          <Form.Item name="new_password" label={t('fields.new_password')} rules={[zodRule(passwordFields.new_password, currentLang)]} extra={t('password_hint')}>
            <Input.Password autoComplete="new-password" size="large" />
          </Form.Item>
          <Form.Item name="repeat_password" label={t('fields.repeat_password')} dependencies={['new_password']} rules={[sameAsRule('new_password', currentLang)]}>
            <Input.Password autoComplete="new-password" size="large" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={setPassword.isPending}>
            {t('restore.save_password')}
          </Button>
          <div className="auth-card__row auth-card__row--between">
            <Button type="link" className="auth-card__link" disabled={secondsLeft > 0 || resend.isPending} loading={resend.isPending} onClick={() => resend.mutate()}>
              {secondsLeft > 0 ? t('restore.resend_in', { seconds: secondsLeft }) : t('restore.resend')}
            </Button>
            <Button
              type="link"
              className="auth-card__link"
              onClick={() => {
                setStep(0);
                setStatus(null);
              }}
            >
              {t('restore.change_email')}
            </Button>
          </div>
        </Form>
      )}

      {step === 2 && (
        <Result
          status="success"
          title={t('restore.done_title')}
          subTitle={t('restore.done_text')}
          extra={
            <Button type="primary" size="large" onClick={() => navigate(INDEX_PATH, { replace: true })}>
              {t('restore.to_sign_in')}
            </Button>
          }
        />
      )}
    </AuthCard>
  );
}
