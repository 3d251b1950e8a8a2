import { Button, Form } from 'antd';
// Input alone: antd's Input also brings TextArea, Search and OTP (docs/performance.md).
import Input from 'antd/es/input/Input';
import { SafetyOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AuthResult } from '@dp/contracts';
import { api, errorTitle, gatewayPath, isApiError } from '../../kit/api.ts';
import { useSession } from '../../app/session.ts';

/**
 * The sign-in's second step, after the right password of an account with a second factor: a code
 * of the app or a recovery code. An expired challenge sends the user back to the password.
 */
export default function SecondFactorStep({
  challenge,
  onSignedIn,
  onError,
  onRestart,
}: {
  challenge: string;
  onSignedIn: (result: AuthResult) => void;
  onError: (message: string) => void;
  onRestart: (message?: string) => void;
}) {
  const { t } = useTranslation('auth');
  const { lang } = useSession();
  const [form] = Form.useForm<{ code: string }>();
  const submit = useMutation({
    mutationFn: (code: string) => api.post<AuthResult>(gatewayPath('auth.processing', 'auth/second_factor'), { challenge, code: code.trim() }, { anonymous: true }),
    onSuccess: onSignedIn,
    onError: (error) => {
      const message = errorTitle(error, lang);
      if (isApiError(error) && error.errors[0]?.code === 'second_factor_challenge_expired') return onRestart(message);
      form.setFieldValue('code', '');
      onError(message);
    },
  });
  return (
    <Form form={form} layout="vertical" name="sign-in-code" requiredMark={false} onFinish={(values) => submit.mutate(values.code ?? '')} disabled={submit.isPending}>
      <Form.Item name="code" label={t('second_factor.code')} rules={[{ required: true, whitespace: true, message: t('second_factor.step_subtitle') }]}>
        <Input
          prefix={<SafetyOutlined aria-hidden />}
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder={t('second_factor.code_placeholder')}
          autoFocus
          size="large"
          maxLength={32}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={submit.isPending}>
        {t('second_factor.submit')}
      </Button>
      <div className="auth-card__row auth-card__row--center">
        <Button type="link" onClick={() => onRestart()} className="auth-card__link">
          {t('second_factor.back')}
        </Button>
      </div>
    </Form>
  );
}
