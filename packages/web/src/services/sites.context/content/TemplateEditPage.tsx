import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, Button, Card, Form, Input, Result, Skeleton } from 'antd';
import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hasPermission, optionalMultiLineText, requiredText, templateResource } from '@dp/contracts';
import { notify } from '../../../app/notify.ts';
import { useSession } from '../../../app/session.ts';
import { api, errorTitle } from '../../../kit/api.ts';
import { PageHeader } from '../../../kit/PageHeader.tsx';
import { zodRule } from '../../../kit/rules.ts';
import { AuditHistory } from '../../../kit/AuditHistory.tsx';
import { contentPath, useInvalidateContent, useRecord, useCentralLock } from './content-api.ts';
import { contentFormErrors } from './content-errors.ts';
import { FloorsEditor } from './FloorsEditor.tsx';
import type { Template } from './TemplatesPage.tsx';
import './content.css';
import { CentralLockNotice } from './state-widgets.tsx';
import { GuardedForm } from '../../../kit/unsaved.tsx';

/** /sites.context/sites/{siteId}/templates/{templateId}: a template's name, description and floors. */
export default function TemplateEditPage() {
  const { siteId = '', templateId = '' } = useParams();
  const { t } = useTranslation(['sites.context', 'common']);
  const { user, lang } = useSession();
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const template = useRecord<Template>(templateResource, templateId);
  const invalidate = useInvalidateContent();
  const locked = template.data?.attributes.origin_id != null;
  const central = useCentralLock(siteId);
  const editable = hasPermission(user?.permissions ?? {}, 'sites.context', 'templates.patch') && !locked && !central;
  useEffect(() => {
    if (template.data) form.setFieldsValue(template.data.attributes);
  }, [template.data, form]);
  const save = useMutation({
    mutationFn: (values: Pick<Template, 'name' | 'description' | 'floors'>) =>
      api.patch(contentPath(`templates/${templateId}`), { type: 'templates', id: templateId, attributes: { name: values.name, description: values.description || null, floors: values.floors ?? [] } }),
    onSuccess: async () => {
      await invalidate();
      notify.success(t('common:notices.saved'));
    },
    onError: (error) => {
      const fields = contentFormErrors(error, t);
      if (fields.length) form.setFields(fields as never);
      notify.error(fields.length ? t('states.form_invalid') : errorTitle(error));
    },
  });
  if (template.isError) return <Result status="error" title={t('common:load_failed')} subTitle={errorTitle(template.error)} />;
  if (template.isLoading || !template.data) return <Skeleton active className="page" />;
  return (
    <div className="page">
      <PageHeader
        title={template.data.attributes.name}
        subtitle={t('templates.editor_subtitle')}
        extra={<Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => navigate(`/sites.context/sites/${siteId}/templates`)}>{t('templates.back')}</Button>}
      />
      <CentralLockNotice locked={central} />
      {locked && <Alert type="warning" showIcon className="content-alert" title={t('pages.locked')} />}
      <Card variant="borderless" className="page-card">
        <GuardedForm form={form} layout="vertical" name="template-edit" disabled={!editable || save.isPending} onFinish={(values) => save.mutate(values)}>
          <Form.Item name="name" label={t('templates.fields.name')} required rules={[zodRule(requiredText(255), () => lang)]}>
            <Input aria-label={t('templates.fields.name')} />
          </Form.Item>
          <Form.Item name="description" label={t('templates.fields.description')} rules={[zodRule(optionalMultiLineText(1000), () => lang)]}>
            <Input.TextArea rows={3} aria-label={t('templates.fields.description')} />
          </Form.Item>
          <Form.Item name="floors" label={t('templates.fields.floors')} extra={t('templates.floors_hint')}>
            <FloorsEditor label={t('templates.fields.floors')} disabled={!editable} />
          </Form.Item>
          {editable && (
            <Button type="primary" htmlType="submit" icon={<SaveOutlined aria-hidden />} loading={save.isPending}>
              {t('common:actions.save')}
            </Button>
          )}
        </GuardedForm>
      </Card>
      <Card variant="borderless" className="page-card" title={t('templates.history')}>
        <AuditHistory resource="templates" recordId={templateId} />
      </Card>
    </div>
  );
}
