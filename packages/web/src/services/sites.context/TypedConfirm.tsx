import { useState } from 'react';
import { Alert, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A destructive action confirmed by typing a text exactly (spec 000 §5: the host, to unpublish
 * or delete a site). The button stays disabled until the text matches `expected` (shown) or one of
 * `alsoAccepted` (another spelling of it, like a host's punycode); the server checks again.
 */
export function TypedConfirm(props: {
  open: boolean;
  title: string;
  text: string;
  expected: string;
  alsoAccepted?: string[];
  okText: string;
  loading?: boolean;
  error?: string | null;
  onConfirm: (typed: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['sites.context', 'common']);
  const [typed, setTyped] = useState('');
  const matches = typed === props.expected || (props.alsoAccepted ?? []).includes(typed);
  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={props.okText}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ danger: true, disabled: !matches }}
      confirmLoading={props.loading}
      onOk={() => props.onConfirm(typed)}
      onCancel={props.onCancel}
      afterClose={() => setTyped('')}
      destroyOnHidden
    >
      <Typography.Paragraph>{props.text}</Typography.Paragraph>
      <Typography.Paragraph>
        {t('confirm.type')} <Typography.Text code copyable>{props.expected}</Typography.Text>
      </Typography.Paragraph>
      <Input
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        aria-label={t('confirm.input')}
        placeholder={props.expected}
        status={typed && !matches ? 'error' : undefined}
        autoComplete="off"
      />
      {typed && !matches && (
        <Typography.Text type="danger" className="typed-confirm__hint">
          {t('confirm.mismatch')}
        </Typography.Text>
      )}
      {props.error && <Alert type="error" showIcon title={props.error} style={{ marginTop: 12 }} />}
    </Modal>
  );
}
