import { useState } from 'react';
import { Alert, AutoComplete, Checkbox, Form, Input, InputNumber, Modal, Radio, Select, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SITE_TYPES } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle } from '../../kit/api.ts';
import { sitePath, useClientChoices, useInvalidateSites, useSiteOptions } from './site-api.ts';
import { FormModal, GuardedForm } from '../../kit/unsaved.tsx';

type Action = 'republish' | 'rerender';

/**
 * Republish or rerender the published sites (spec 000 §5): the filters given combine with AND;
 * with no filter at all it touches every published site the user reaches, so an extra
 * confirmation is asked.
 */
export function RenderSitesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['sites.context', 'common']);
  const { lang } = useSession();
  const [form] = Form.useForm();
  const [action, setAction] = useState<Action>('republish');
  const [confirmAll, setConfirmAll] = useState(false);
  const clients = useClientChoices();
  const options = useSiteOptions();
  const invalidate = useInvalidateSites();
  const values = Form.useWatch([], form) as Record<string, unknown> | undefined;
  const filters = cleanFilters(values ?? {});
  const noFilter = Object.keys(filters).length === 0;

  const run = useMutation({
    mutationFn: () => api.post<{ count: number }>(sitePath(`sites/${action}`), { ...filters, ...(noFilter ? { confirm: true } : {}) }),
    onSuccess: async (result) => {
      notify.success(t(`render.done_${action}`, { count: result.count }));
      await invalidate();
      close();
    },
    onError: (error) => notify.error(t('render.failed'), errorTitle(error, lang)),
  });
  const close = () => {
    form.resetFields();
    setConfirmAll(false);
    onClose();
  };

  return (
    <FormModal
      open={open}
      title={t('render.title')}
      okText={t(`render.actions.${action}`)}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ danger: noFilter, disabled: noFilter && !confirmAll }}
      confirmLoading={run.isPending}
      onOk={() => run.mutate()}
      onCancel={close}
      width={600}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('render.hint')}</Typography.Paragraph>
      <GuardedForm form={form} layout="vertical" name="sites-render" disabled={run.isPending}>
        <Form.Item label={t('render.action')}>
          <Radio.Group value={action} onChange={(event) => setAction(event.target.value as Action)} optionType="button" options={(['republish', 'rerender'] as const).map((value) => ({ value, label: t(`render.actions.${value}`) }))} />
        </Form.Item>
        <Form.Item name="client_ids" label={t('render.client_ids')}>
          <Select mode="multiple" allowClear aria-label={t('render.client_ids')} showSearch={{ optionFilterProp: 'label' }} options={clients.options} loading={clients.loading} />
        </Form.Item>
        <Form.Item name="types" label={t('render.types')}>
          <Select mode="multiple" allowClear aria-label={t('render.types')} options={SITE_TYPES.map((value) => ({ value, label: t(`sites.types.${value}`) }))} />
        </Form.Item>
        <Form.Item name="color_scheme" label={t('sites.fields.color_scheme')}>
          <AutoComplete allowClear aria-label={t('sites.fields.color_scheme')} options={(options.data?.color_schemes ?? []).map((value) => ({ value }))} />
        </Form.Item>
        <Form.Item name="brand_id" label={t('sites.fields.brand_id')}>
          <InputNumber min={1} precision={0} style={{ width: '100%' }} aria-label={t('sites.fields.brand_id')} />
        </Form.Item>
        <Form.Item name="module_code" label={t('render.module_code')}>
          <Input allowClear aria-label={t('render.module_code')} placeholder="multiple_locales" />
        </Form.Item>
      </GuardedForm>
      {noFilter && (
        <Alert
          type="warning"
          showIcon
          title={t('render.no_filter')}
          description={
            <Checkbox checked={confirmAll} onChange={(event) => setConfirmAll(event.target.checked)}>
              {t('render.confirm_all')}
            </Checkbox>
          }
        />
      )}
    </FormModal>
  );
}

/** The filters the form holds, without empty ones. */
export function cleanFilters(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0)),
  );
}
