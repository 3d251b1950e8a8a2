import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { moduleReasonBody } from '@dp/contracts';
import { currentLang } from '../../app/i18n.ts';
import { zodRule } from '../../kit/rules.ts';

const reasonSchema = moduleReasonBody.shape.data.shape.reason;

/**
 * Asks why (uninstall, suspend): the reason is required and kept in the audit trail. The dialog
 * is also the confirmation of the destructive action.
 */
export function ReasonDialog({
  open,
  title,
  text,
  okText,
  danger = true,
  loading = false,
  onSubmit,
  onCancel,
}: {
  open: boolean;
  title: string;
  text?: string;
  okText: string;
  danger?: boolean;
  loading?: boolean;
  onSubmit: (reason: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('marketplace');
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ danger, htmlType: 'submit', loading }}
      destroyOnHidden
      onCancel={onCancel}
      modalRender={(dom) => (
        <Form form={form} layout="vertical" name="module-reason" clearOnDestroy onFinish={({ reason }) => onSubmit(reason.trim()).catch(() => undefined)}>
          {dom}
        </Form>
      )}
    >
      {text && <Alert type="warning" showIcon title={text} className="marketplace-reason__alert" />}
      <Form.Item name="reason" label={t('reason.label')} required rules={[zodRule(reasonSchema, currentLang)]} validateFirst>
        <Input.TextArea rows={4} maxLength={1000} showCount placeholder={t('reason.placeholder')} aria-label={t('reason.label')} />
      </Form.Item>
    </Modal>
  );
}
