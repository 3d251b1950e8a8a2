import { useState } from 'react';
import { Alert, Button, Card, Input, Modal, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../app/notify.ts';
import { clearAuth, useSession } from '../../app/session.ts';
import { INDEX_PATH } from '../../app/guards.ts';
import { api, errorTitle, gatewayPath } from '../../kit/api.ts';

/** Whether the typed text is the account's e-mail (case and spaces aside). */
export const sameEmail = (typed: string, email: string) => typed.trim().toLowerCase() === email.trim().toLowerCase();

/**
 * Account removal (spec 000 §2 /personal/): confirmed by typing the account's e-mail; the account
 * is deactivated, every session ends and the user is back at sign-in. The server refuses the last
 * active user of a client, and says why.
 */
export function RemoveAccountCard() {
  const { t } = useTranslation(['clients.storage', 'common']);
  const { user, lang } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const remove = useMutation({
    mutationFn: () => api.request('DELETE', gatewayPath('clients.storage', 'me'), { body: { data: { email: typed.trim() } } }),
    onSuccess: () => {
      setOpen(false);
      notify.success(t('personal.remove.done'), t('personal.remove.done_text'));
      queryClient.clear();
      clearAuth();
      navigate(INDEX_PATH, { replace: true });
    },
  });
  if (!user) return null;
  const matches = sameEmail(typed, user.email);
  const close = () => {
    setOpen(false);
    setTyped('');
    remove.reset();
  };
  return (
    <Card variant="borderless" className="page-card danger-zone" title={t('personal.remove.title')}>
      <Typography.Paragraph type="secondary">{t('personal.remove.text')}</Typography.Paragraph>
      <Button danger icon={<DeleteOutlined aria-hidden />} onClick={() => setOpen(true)}>
        {t('personal.remove.button')}
      </Button>
      <Modal
        open={open}
        title={t('personal.remove.confirm_title')}
        okText={t('personal.remove.confirm')}
        cancelText={t('common:actions.cancel')}
        okButtonProps={{ danger: true, disabled: !matches }}
        confirmLoading={remove.isPending}
        onOk={() => remove.mutate()}
        onCancel={close}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('personal.remove.confirm_text', { email: user.email })}</Typography.Paragraph>
        {remove.isError && <Alert type="error" showIcon role="alert" title={errorTitle(remove.error, lang)} className="danger-zone__error" />}
        <Input
          aria-label={t('personal.remove.email_label')}
          placeholder={user.email}
          value={typed}
          autoComplete="off"
          status={typed && !matches ? 'error' : undefined}
          onChange={(event) => setTyped(event.target.value)}
          onPressEnter={() => matches && remove.mutate()}
        />
        {typed && !matches && <Typography.Text type="danger">{t('personal.remove.mismatch')}</Typography.Text>}
      </Modal>
    </Card>
  );
}
