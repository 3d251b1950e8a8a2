import { useState } from 'react';
import { Alert, Button, Card, Form, Input, Modal, Space, Tag, Typography, type FormInstance } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { secondFactorCodeBody, secondFactorDisableBody, type RecoveryCodes as Codes } from '@dp/contracts';
import { meQuery } from '../../app/data.ts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle, isApiError } from '../../kit/api.ts';
import { formatDateTime } from '../../kit/format.ts';
import { zodRule } from '../../kit/rules.ts';
import { RecoveryCodes } from './RecoveryCodes.tsx';
import { SECOND_FACTOR_KEY, secondFactorPath, useSecondFactorStatus } from './second-factor.ts';
import { SecondFactorSetup } from './SecondFactorSetup.tsx';

const disableFields = secondFactorDisableBody.shape.data.shape;
const codeFields = secondFactorCodeBody.shape.data.shape;

/** After a change: the status, the user (/me shows the factor) and the activity history are asked for again. */
function useRefreshFactor() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [SECOND_FACTOR_KEY, meQuery.queryKey, ['auth.processing', 'auth_history']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

/** Puts the server's field errors on the form; answers the message of any other error. */
function showErrors(form: Pick<FormInstance, 'setFields'>, error: unknown): string | null {
  const fields = isApiError(error) ? Object.entries(error.fieldErrors()) : [];
  if (!fields.length) return errorTitle(error);
  form.setFields(fields.map(([name, errors]) => ({ name, errors })));
  return null;
}

/** New recovery codes for a code of the app; the new codes are shown once in the same window. */
function RegenerateModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['auth', 'common']);
  const { lang, user } = useSession();
  const [form] = Form.useForm<{ code: string }>();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = useRefreshFactor();
  const regenerate = useMutation({
    mutationFn: (code: string) => api.post<Codes>(secondFactorPath('/recovery_codes'), { code }),
    onSuccess: (data) => {
      setCodes(data.recovery_codes);
      void refresh();
    },
    onError: (error) => setProblem(showErrors(form, error)),
  });
  const close = () => {
    setCodes(null);
    setProblem(null);
    onClose();
  };
  return (
    <Modal
      open={open}
      title={t('second_factor.regenerate')}
      onCancel={close}
      destroyOnHidden
      footer={
        codes ? (
          <Button type="primary" onClick={close}>
            {t('second_factor.done')}
          </Button>
        ) : (
          <Space>
            <Button onClick={close}>{t('common:actions.cancel')}</Button>
            <Button type="primary" loading={regenerate.isPending} onClick={() => form.submit()}>
              {t('second_factor.regenerate_submit')}
            </Button>
          </Space>
        )
      }
    >
      {codes ? (
        <RecoveryCodes codes={codes} email={user?.email ?? ''} />
      ) : (
        <Form form={form} layout="vertical" name="second-factor-regenerate" requiredMark={false} onFinish={(values) => regenerate.mutate(values.code)}>
          <Typography.Paragraph type="secondary">{t('second_factor.regenerate_text')}</Typography.Paragraph>
          {problem && <Alert type="error" showIcon title={problem} className="form-alert" />}
          <Form.Item name="code" label={t('second_factor.code')} rules={[zodRule(codeFields.code, lang)]}>
            <Input inputMode="numeric" autoComplete="one-time-code" placeholder={t('second_factor.code_placeholder')} autoFocus />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** Turning the factor off: the password and a code, confirmed in a window of its own. */
function DisableModal({ open, required, onClose }: { open: boolean; required: boolean; onClose: () => void }) {
  const { t } = useTranslation(['auth', 'common']);
  const { lang } = useSession();
  const [form] = Form.useForm<{ password: string; code: string }>();
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = useRefreshFactor();
  const disable = useMutation({
    mutationFn: (values: { password: string; code: string }) => api.post(secondFactorPath('/disable'), values),
    onSuccess: () => {
      notify.success(t('second_factor.disabled_notice'));
      onClose();
      void refresh();
    },
    onError: (error) => setProblem(showErrors(form, error)),
  });
  return (
    <Modal
      open={open}
      title={t('second_factor.disable_title')}
      okText={t('second_factor.disable_submit')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ danger: true }}
      confirmLoading={disable.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="second-factor-disable" requiredMark={false} onFinish={(values) => disable.mutate(values)}>
        <Typography.Paragraph type="secondary">{t('second_factor.disable_text')}</Typography.Paragraph>
        {required && <Alert type="warning" showIcon title={t('second_factor.disable_required')} className="form-alert" />}
        {problem && <Alert type="error" showIcon title={problem} className="form-alert" />}
        <Form.Item name="password" label={t('fields.password')} rules={[zodRule(disableFields.password, lang)]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="code" label={t('second_factor.code')} rules={[zodRule(disableFields.code, lang)]}>
          <Input inputMode="numeric" autoComplete="one-time-code" placeholder={t('second_factor.code_placeholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * The second factor of the personal area: whether it is on (and since when, how many recovery
 * codes are left, whether a role requires it); set it up, get new recovery codes, turn it off.
 */
export function SecondFactorCard() {
  const { t } = useTranslation(['auth', 'common']);
  const status = useSecondFactorStatus();
  const refresh = useRefreshFactor();
  const [dialog, setDialog] = useState<'setup' | 'regenerate' | 'disable' | null>(null);
  const data = status.data;
  const finishSetup = () => {
    setDialog(null);
    notify.success(t('second_factor.enabled_notice'));
  };

  return (
    <Card variant="borderless" className="page-card" title={t('second_factor.title')} data-testid="second-factor-card">
      <Typography.Paragraph type="secondary">{t('second_factor.description')}</Typography.Paragraph>
      {status.isError && !data ? (
        <Typography.Paragraph type="danger">
          {t('second_factor.load_failed')}: {errorTitle(status.error)}{' '}
          <Button type="link" onClick={() => void status.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </Typography.Paragraph>
      ) : (
        <Space direction="vertical" size="middle" className="second-factor-card__body">
          <Space wrap size={[8, 4]}>
            {status.isPending ? (
              <Tag>…</Tag>
            ) : data?.enabled ? (
              <Tag color="green" icon={<SafetyOutlined aria-hidden />} data-testid="second-factor-state">
                {t('second_factor.enabled')}
              </Tag>
            ) : (
              <Tag data-testid="second-factor-state">{t('second_factor.disabled')}</Tag>
            )}
            {data?.enabled && data.confirmed_at && <Typography.Text type="secondary">{t('second_factor.since', { date: formatDateTime(data.confirmed_at) })}</Typography.Text>}
            {data?.enabled && <Typography.Text type="secondary">· {t('second_factor.codes_left', { count: data.recovery_codes_left })}</Typography.Text>}
            {data?.required && <Tag color="orange">{t('second_factor.required_by_role')}</Tag>}
          </Space>
          {data && (
            <Space wrap>
              {data.enabled ? (
                <>
                  <Button onClick={() => setDialog('regenerate')}>{t('second_factor.regenerate')}</Button>
                  <Button danger onClick={() => setDialog('disable')}>
                    {t('second_factor.disable')}
                  </Button>
                </>
              ) : (
                <Button type="primary" icon={<SafetyOutlined aria-hidden />} onClick={() => setDialog('setup')}>
                  {t('second_factor.set_up')}
                </Button>
              )}
            </Space>
          )}
        </Space>
      )}
      <Modal open={dialog === 'setup'} title={t('second_factor.set_up_title')} footer={null} onCancel={() => setDialog(null)} destroyOnHidden maskClosable={false}>
        <SecondFactorSetup onConfirmed={() => void refresh()} onDone={finishSetup} />
      </Modal>
      <RegenerateModal open={dialog === 'regenerate'} onClose={() => setDialog(null)} />
      <DisableModal open={dialog === 'disable'} required={data?.required ?? false} onClose={() => setDialog(null)} />
    </Card>
  );
}
