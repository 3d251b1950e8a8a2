import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { Form, Input, Select, Steps } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { childUri, layoutResource, pageUri, requiredText, templateResource, type JsonApiRecord } from '@dp/contracts';
import { notify } from '../../../app/notify.ts';
import { useSession } from '../../../app/session.ts';
import { api, errorTitle, isApiError } from '../../../kit/api.ts';
import { zodRule } from '../../../kit/rules.ts';
import { FormModal, GuardedForm } from '../../../kit/unsaved.tsx';
import { contentPath, useInvalidateContent, useSiteRecords, type PageAttributes, type PageRecord } from './content-api.ts';
import { addressFromTitle, pageEditPath, pageOptions } from './pages.ts';

type Values = { parent_id?: number | null; uri: string; caption: string; template_id?: number | null; layout_id?: number | null };

/**
 * Page creation, step 1 of 2 (spec 000 §2): parent, address, caption, template (and layout). The
 * page is made with its first draft, and step 2 is the draft's editor. The address is made from
 * the caption (transliterated, free on the site) until the user edits it.
 */
export function CreatePageDialog({ siteId, pages, parentId, onClose }: { siteId: string; pages: PageRecord[]; parentId: number | null; onClose: () => void }) {
  const { t } = useTranslation(['sites.context', 'common']);
  const { lang } = useSession();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const invalidate = useInvalidateContent();
  const templates = useSiteRecords<{ name: string }>(templateResource, siteId);
  const layouts = useSiteRecords<{ name: string; is_default: boolean }>(layoutResource, siteId);
  const parentUri = (id: number | null | undefined) => pages.find((page) => Number(page.id) === id)?.attributes.uri ?? null;
  // The address follows the caption until the user edits it by hand.
  const uriTyped = useRef(false);

  const save = useMutation({
    mutationFn: (values: Values) => api.post<JsonApiRecord<PageAttributes>>(contentPath('pages'), { type: 'pages', attributes: { site_id: Number(siteId), ...values } }),
    onSuccess: async (page) => {
      await invalidate();
      notify.success(t('pages.created'));
      navigate(pageEditPath(siteId, page.id, page.attributes.drafts[0]));
    },
    onError: (error) => {
      if (isApiError(error)) {
        const fields = error.fieldErrors();
        const known = Object.keys(fields).filter((field) => ['uri', 'caption', 'parent_id', 'template_id', 'layout_id'].includes(field));
        if (known.length) return form.setFields(known.map((name) => ({ name: name as keyof Values, errors: fields[name]! })));
      }
      notify.error(errorTitle(error));
    },
  });

  return (
    <FormModal
      open
      title={t('pages.create_title')}
      okText={t('pages.next_step')}
      cancelText={t('common:actions.cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={640}
    >
      <Steps size="small" current={0} items={[{ title: t('pages.step1') }, { title: t('pages.step2') }]} className="create-page-steps" />
      <GuardedForm<Values>
        form={form}
        layout="vertical"
        name="page-create"
        initialValues={{ parent_id: parentId, uri: childUri(parentUri(parentId), '') }}
        onFinish={(values) => save.mutateAsync(values)}
        onValuesChange={(changed: Partial<Values>, values: Values) => {
          if ('uri' in changed) uriTyped.current = true;
          if ('caption' in changed && !uriTyped.current) form.setFieldValue('uri', addressFromTitle(parentUri(values.parent_id), changed.caption ?? '', pages));
          if ('parent_id' in changed) {
            const slug = (form.getFieldValue('uri') as string | undefined)?.split('/').pop() ?? '';
            form.setFieldValue('uri', childUri(parentUri(changed.parent_id), slug));
          }
        }}
      >
        <Form.Item name="parent_id" label={t('pages.fields.parent_id')}>
          <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder={t('pages.top_level')} aria-label={t('pages.fields.parent_id')} options={pageOptions(pages)} />
        </Form.Item>
        <Form.Item name="uri" label={t('pages.fields.uri')} required rules={[zodRule(pageUri(), () => lang)]} extra={t('pages.uri_hint')} validateFirst>
          <Input aria-label={t('pages.fields.uri')} autoComplete="off" />
        </Form.Item>
        <Form.Item name="caption" label={t('pages.fields.caption')} required rules={[zodRule(requiredText(255), () => lang)]}>
          <Input aria-label={t('pages.fields.caption')} autoComplete="off" />
        </Form.Item>
        <Form.Item name="template_id" label={t('pages.fields.template_id')} extra={t('pages.template_hint')}>
          <Select allowClear loading={templates.isLoading} aria-label={t('pages.fields.template_id')} options={(templates.data ?? []).map((row) => ({ value: Number(row.id), label: row.attributes.name }))} />
        </Form.Item>
        <Form.Item name="layout_id" label={t('pages.fields.layout_id')} extra={t('pages.layout_hint')}>
          <Select allowClear loading={layouts.isLoading} aria-label={t('pages.fields.layout_id')} options={(layouts.data ?? []).map((row) => ({ value: Number(row.id), label: row.attributes.name }))} />
        </Form.Item>
      </GuardedForm>
    </FormModal>
  );
}

