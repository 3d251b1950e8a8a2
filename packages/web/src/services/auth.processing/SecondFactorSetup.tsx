import { useState } from 'react';
import { Button, Form, Input, Steps, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { secondFactorCodeBody, secondFactorStartBody, type Lang, type RecoveryCodes as Codes, type SecondFactorEnrolment } from '@dp/contracts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle, isApiError } from '../../kit/api.ts';
import { zodRule } from '../../kit/rules.ts';
import { RecoveryCodes } from './RecoveryCodes.tsx';
import { secondFactorPath } from './second-factor.ts';

const startFields = secondFactorStartBody.shape.data.shape;
const codeFields = secondFactorCodeBody.shape.data.shape;

/** The server's answer on a field of the form, or the general message under it. */
function fieldError(error: unknown, field: string, lang: Lang): { field?: string; general?: string } {
  if (isApiError(error) && error.fieldErrors()[field]) return { field: error.fieldErrors()[field]![0] };
  return { general: errorTitle(error, lang) };
}

/**
 * Setting up the second factor, in three steps: the password again; the secret as a QR code and
 * as text with the first code of the app; the recovery codes, shown once. `onDone` follows the
 * last step; `onConfirmed` the confirmation (the session counts as opened with the factor).
 */
export function SecondFactorSetup({ onConfirmed, onDone }: { onConfirmed?: () => void; onDone: () => void }) {
  const { t } = useTranslation(['auth', 'common']);
  const { lang, user } = useSession();
  const [enrolment, setEnrolment] = useState<SecondFactorEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [passwordForm] = Form.useForm<{ password: string }>();
  const [codeForm] = Form.useForm<{ code: string }>();
  const [problem, setProblem] = useState<string | null>(null);

  const start = useMutation({
    mutationFn: (password: string) => api.post<SecondFactorEnrolment>(secondFactorPath(), { password }),
    onSuccess: (data) => {
      setProblem(null);
      setEnrolment(data);
    },
    onError: (error) => {
      const { field, general } = fieldError(error, 'password', lang);
      if (field) passwordForm.setFields([{ name: 'password', errors: [field] }]);
      setProblem(general ?? null);
    },
  });
  const confirm = useMutation({
    mutationFn: (code: string) => api.post<Codes>(secondFactorPath('/confirm'), { code }),
    onSuccess: (data) => {
      setProblem(null);
      setCodes(data.recovery_codes);
      onConfirmed?.();
    },
    onError: (error) => {
      const { field, general } = fieldError(error, 'code', lang);
      if (field) codeForm.setFields([{ name: 'code', errors: [field] }]);
      setProblem(general ?? null);
    },
  });

  const step = codes ? 2 : enrolment ? 1 : 0;
  return (
    <div className="second-factor-setup">
      <Steps
        size="small"
        current={step}
        className="second-factor-setup__steps"
        responsive={false}
        titlePlacement="vertical"
        items={[{ title: t('second_factor.steps.password') }, { title: t('second_factor.steps.scan') }, { title: t('second_factor.steps.codes') }]}
      />
      {problem && (
        <Typography.Paragraph type="danger" role="alert">
          {problem}
        </Typography.Paragraph>
      )}
      {step === 0 && (
        <Form form={passwordForm} layout="vertical" name="second-factor-password" requiredMark={false} onFinish={(values) => start.mutate(values.password)} disabled={start.isPending}>
          <Typography.Paragraph type="secondary">{t('second_factor.password_text')}</Typography.Paragraph>
          <Form.Item name="password" label={t('fields.password')} rules={[zodRule(startFields.password, lang)]}>
            <Input.Password autoComplete="current-password" autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={start.isPending}>
            {t('second_factor.continue')}
          </Button>
        </Form>
      )}
      {step === 1 && enrolment && (
        <Form form={codeForm} layout="vertical" name="second-factor-confirm" requiredMark={false} onFinish={(values) => confirm.mutate(values.code)} disabled={confirm.isPending}>
          <Typography.Paragraph type="secondary">{t('second_factor.scan_text')}</Typography.Paragraph>
          <div className="second-factor-setup__qr">
            <img src={enrolment.qr_code} alt={t('second_factor.qr_alt')} width={200} height={200} data-testid="second-factor-qr" />
          </div>
          <Form.Item label={t('second_factor.secret')}>
            <Typography.Text code copyable={{ text: enrolment.secret }} className="second-factor-setup__secret" data-testid="second-factor-secret">
              {enrolment.secret}
            </Typography.Text>
          </Form.Item>
          <Form.Item name="code" label={t('second_factor.code')} rules={[zodRule(codeFields.code, lang)]}>
            <Input inputMode="numeric" autoComplete="one-time-code" placeholder={t('second_factor.code_placeholder')} autoFocus className="second-factor-code" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={confirm.isPending}>
            {t('second_factor.confirm')}
          </Button>
        </Form>
      )}
      {step === 2 && codes && (
        <>
          <RecoveryCodes codes={codes} email={user?.email ?? ''} />
          <Button type="primary" className="second-factor-setup__done" onClick={onDone}>
            {t('second_factor.done')}
          </Button>
        </>
      )}
    </div>
  );
}
