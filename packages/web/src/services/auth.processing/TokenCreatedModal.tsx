import { useRef, useState } from 'react';
import { Alert, Button, Input, Modal, Space, Typography, type InputRef } from 'antd';
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/**
 * The one moment a token's value is shown: a read-only field, a copy button and a warning that
 * it will not be shown again. Closed only on purpose (no click-outside).
 */
export function TokenCreatedModal({ name, token, onClose }: { name: string; token: string; onClose: () => void }) {
  const { t } = useTranslation('custom_tokens');
  const input = useRef<InputRef>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token);
      setCopied('yes');
    } catch {
      input.current?.select();
      setCopied('failed');
    }
  };

  return (
    <Modal
      open
      title={t('created.title', { name })}
      mask={{ closable: false }}
      keyboard={false}
      onCancel={onClose}
      width={640}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('created.done')}
        </Button>
      }
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Alert type="warning" showIcon title={t('created.warning')} />
        <div>
          <Typography.Text strong id="token-value-label">
            {t('created.label')}
          </Typography.Text>
          <Space.Compact style={{ width: '100%', marginTop: 8 }}>
            <Input ref={input} readOnly value={token} aria-labelledby="token-value-label" className="token-value" onFocus={(event) => event.target.select()} />
            <Button type="primary" icon={copied === 'yes' ? <CheckOutlined aria-hidden /> : <CopyOutlined aria-hidden />} onClick={() => void copy()}>
              {t('created.copy')}
            </Button>
          </Space.Compact>
          {copied === 'yes' && (
            <Typography.Text type="success" role="status">
              {t('created.copied')}
            </Typography.Text>
          )}
          {copied === 'failed' && (
            <Typography.Text type="warning" role="status">
              {t('created.copy_failed')}
            </Typography.Text>
          )}
        </div>
        <Typography.Text type="secondary">{t('created.usage')}</Typography.Text>
      </Space>
    </Modal>
  );
}
