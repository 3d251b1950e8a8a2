import { useState } from 'react';
import { createPortal } from 'react-dom';
import { Button, Form, Input, Radio, Segmented, Select, Space } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { redirectFromUri, redirectResource, redirectToUri, t as message, type AnyResource, type JsonApiRecord, type Lang } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { api, errorTitle, isApiError } from '../../kit/api.ts';
import { zodRule } from '../../kit/rules.ts';
import { seoPath, useInvalidateSeo, useSitePages, type RedirectAttributes } from './seo-api.ts';
import { GuardedForm } from '../../kit/unsaved.tsx';

type End = 'uri' | 'page';
interface Values {
  from_kind: End;
  to_kind: End;
  from_uri?: string;
  to_uri?: string;
  from_page_id?: number | null;
  to_page_id?: number | null;
  code: 301 | 302;
}

const resource = redirectResource as unknown as AnyResource;

/**
 * A redirect's form (drawer of the redirects screen): "from" and "to" are each an address or a
 * page of the site, the code 301 (moved for good) or 302 (for a while). The server checks the
 * rest (one redirect per address, no loops) and its answers go under the fields.
 */
export function RedirectForm({ siteId, record, lang, footer, onDone }: { siteId: string; record: JsonApiRecord<RedirectAttributes> | null; lang: Lang; footer: HTMLElement | null; onDone: () => void }) {
  const { t } = useTranslation(['seo', 'common']);
  const [form] = Form.useForm<Values>();
  const pages = useSitePages(siteId);
  const invalidate = useInvalidateSeo(resource);
  const a = record?.attributes;
  const [initial] = useState<Values>(() => ({
    from_kind: a?.from_page_id ? 'page' : 'uri',
    to_kind: a?.to_page_id ? 'page' : 'uri',
    from_uri: a?.from_uri,
    to_uri: a?.to_uri,
    from_page_id: a?.from_page_id ?? null,
    to_page_id: a?.to_page_id ?? null,
    code: (a?.code ?? 301) as 301 | 302,
  }));
  const fromKind = Form.useWatch('from_kind', form) ?? initial.from_kind;
  const toKind = Form.useWatch('to_kind', form) ?? initial.to_kind;

  const save = useMutation({
    mutationFn: (attributes: Record<string, unknown>) =>
      record ? api.patch(seoPath(`redirects/${record.id}`), { type: 'redirects', id: record.id, attributes }) : api.post(seoPath('redirects'), { type: 'redirects', attributes: { site_id: Number(siteId), ...attributes } }),
    onSuccess: async () => {
      await invalidate();
      notify.success(t(record ? 'common:notices.saved' : 'common:notices.created'));
      onDone();
    },
    onError: (error) => {
      if (!isApiError(error)) return notify.error(errorTitle(error, lang));
      const fields = Object.entries(error.fieldErrors()).filter(([field]) => ['from_uri', 'to_uri', 'from_page_id', 'to_page_id', 'code'].includes(field));
      if (fields.length) form.setFields(fields.map(([name, errors]) => ({ name: name as keyof Values, errors })));
      else notify.error(error.title);
    },
  });

  const submit = (values: Values) => {
    const end = (side: 'from' | 'to') =>
      values[`${side}_kind`] === 'page' ? { [`${side}_page_id`]: values[`${side}_page_id`] ?? null } : { [`${side}_uri`]: values[`${side}_uri`] ?? '', ...(record ? { [`${side}_page_id`]: null } : {}) };
    save.mutate({ ...end('from'), ...end('to'), code: values.code });
  };

  const endFields = (side: 'from' | 'to', kind: End) => (
    <>
      <Form.Item name={`${side}_kind`} label={t(`redirects.fields.${side}`)} className="redirect-form__kind">
        <Segmented
          options={[
            { value: 'uri', label: t('redirects.kind_uri') },
            { value: 'page', label: t('redirects.kind_page'), disabled: !pages.allowed },
          ]}
        />
      </Form.Item>
      {kind === 'uri' ? (
        <Form.Item
          name={`${side}_uri`}
          required
          rules={[zodRule(side === 'from' ? redirectFromUri() : redirectToUri(), () => lang)]}
          extra={t(side === 'from' ? 'redirects.from_hint' : 'redirects.to_hint')}
        >
          <Input aria-label={t(`redirects.fields.${side}_uri`)} placeholder={side === 'from' ? '/old-page' : '/new-page, https://…'} autoComplete="off" />
        </Form.Item>
      ) : (
        <Form.Item name={`${side}_page_id`} required rules={[{ required: true, message: message('required', lang) }]}>
          <Select
            aria-label={t(`redirects.fields.${side}_page_id`)}
            showSearch={{ optionFilterProp: 'label' }}
            loading={pages.isFetching}
            placeholder={t('redirects.page_placeholder')}
            notFoundContent={pages.isError ? t('redirects.pages_failed') : undefined}
            options={pages.options.map(({ value, label }) => ({ value, label }))}
          />
        </Form.Item>
      )}
    </>
  );

  const actions = (
    <Space>
      <Button type="primary" htmlType="submit" form="redirect-form" loading={save.isPending}>
        {record ? t('common:actions.save') : t('common:actions.create')}
      </Button>
      <Button onClick={onDone}>{t('common:actions.cancel')}</Button>
    </Space>
  );

  return (
    <GuardedForm<Values> form={form} id="redirect-form" name="redirect-form" className="redirect-form" layout="vertical" initialValues={initial} onFinish={submit} disabled={save.isPending}>
      {endFields('from', fromKind)}
      {endFields('to', toKind)}
      <Form.Item name="code" label={t('redirects.fields.code')}>
        <Radio.Group>
          <Space direction="vertical">
            <Radio value={301}>{t('redirects.codes.301')}</Radio>
            <Radio value={302}>{t('redirects.codes.302')}</Radio>
          </Space>
        </Radio.Group>
      </Form.Item>
      {footer ? createPortal(actions, footer) : actions}
    </GuardedForm>
  );
}
