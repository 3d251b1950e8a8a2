import { useNavigate } from 'react-router';
import { Alert, Form, Input, Select } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { layoutResource, pageUri, type JsonApiRecord } from '@dp/contracts';
import { notify } from '../../../app/notify.ts';
import { useSession } from '../../../app/session.ts';
import { api, errorTitle, isApiError } from '../../../kit/api.ts';
import { zodRule } from '../../../kit/rules.ts';
import { FormModal, GuardedForm } from '../../../kit/unsaved.tsx';
import { contentPath, useInvalidateContent, useSiteRecords, type PageAttributes, type PageRecord } from './content-api.ts';
import { pageEditPath, pageOptions } from './pages.ts';

type Values = { uri: string; caption?: string; layout_id?: number | null; parent_id?: number | null };

/**
 * Restyling page creation (spec 000 §2): a new page with the content of this page's published
 * version, under another address and layout; it starts as a draft, the source stays live.
 */
export function RestyleDialog({ siteId, source, pages, onClose }: { siteId: string; source: PageRecord; pages: PageRecord[]; onClose: () => void }) {
  const { t } = useTranslation(['sites.context', 'common']);
  const { lang } = useSession();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const invalidate = useInvalidateContent();
  const layouts = useSiteRecords<{ name: string }>(layoutResource, siteId);
  const save = useMutation({
    mutationFn: (values: Values) => api.post<JsonApiRecord<PageAttributes>>(contentPath(`pages/${source.id}/restyle`), values),
    onSuccess: async (page) => {
      await invalidate();
      notify.success(t('pages.restyled'));
      navigate(pageEditPath(siteId, page.id, page.attributes.drafts[0]));
    },
    onError: (error) => {
      if (isApiError(error)) {
        const fields = error.fieldErrors();
        const known = Object.keys(fields).filter((field) => ['uri', 'caption', 'parent_id', 'layout_id'].includes(field));
        if (known.length) return form.setFields(known.map((name) => ({ name: name as keyof Values, errors: fields[name]! })));
      }
      notify.error(errorTitle(error));
    },
  });
  return (
    <FormModal open title={t('pages.restyle_title', { uri: source.attributes.uri })} okText={t('pages.restyle')} cancelText={t('common:actions.cancel')} onCancel={onClose} onOk={() => form.submit()} confirmLoading={save.isPending} destroyOnHidden>
      <Alert type="info" showIcon title={t('pages.restyle_hint')} className="dialog-hint" />
      <GuardedForm<Values>
        form={form}
        layout="vertical"
        name="page-restyle"
        initialValues={{ uri: `${source.attributes.uri === '/' ? '' : source.attributes.uri}-new`, caption: source.attributes.caption ?? '', parent_id: source.attributes.parent_id, layout_id: source.attributes.layout_id }}
        onFinish={(values) => save.mutateAsync({ ...values, caption: values.caption?.trim() || undefined })}
      >
        <Form.Item name="uri" label={t('pages.fields.uri')} required rules={[zodRule(pageUri(), () => lang)]} validateFirst>
          <Input aria-label={t('pages.fields.uri')} autoComplete="off" />
        </Form.Item>
        <Form.Item name="caption" label={t('pages.fields.caption')}>
          <Input aria-label={t('pages.fields.caption')} autoComplete="off" />
        </Form.Item>
        <Form.Item name="layout_id" label={t('pages.fields.layout_id')}>
          <Select allowClear loading={layouts.isLoading} aria-label={t('pages.fields.layout_id')} options={(layouts.data ?? []).map((row) => ({ value: Number(row.id), label: row.attributes.name }))} />
        </Form.Item>
        <Form.Item name="parent_id" label={t('pages.fields.parent_id')}>
          <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder={t('pages.top_level')} aria-label={t('pages.fields.parent_id')} options={pageOptions(pages)} />
        </Form.Item>
      </GuardedForm>
    </FormModal>
  );
}
