import { useState } from 'react';
import { Form, InputNumber, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorProjectPatchBody, type Lang } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { api, errorTitle } from '../../kit/api.ts';
import { zodRule } from '../../kit/rules.ts';
import { FormModal } from '../../kit/unsaved.tsx';
import { errorsPath, useInvalidateErrors, type ProjectRecord } from './errors-api.ts';

const field = errorProjectPatchBody.shape.data.shape.attributes.shape.sample_percent;

/** A site project's sampling (staff): the share of the site's page views whose errors its reporter sends. */
export function SamplingDialog({ project, name, onClose }: { project: ProjectRecord | null; name: string; onClose: () => void }) {
  const { t, i18n } = useTranslation(['error-collection-system', 'common']);
  const lang: Lang = i18n.language === 'en' ? 'en' : 'ru';
  const [form] = Form.useForm<{ sample_percent: number }>();
  const [dirty, setDirty] = useState(false);
  const invalidate = useInvalidateErrors();
  const save = useMutation({
    mutationFn: (values: { sample_percent: number }) => api.patch(errorsPath(`/api/v1/projects/${project!.id}`), { attributes: values }),
    onSuccess: async () => {
      setDirty(false);
      notify.success(t('sampling.saved'));
      await invalidate();
      onClose();
    },
    onError: (error) => notify.error(t('sampling.save_failed', { e: errorTitle(error, lang) })),
  });
  return (
    <FormModal
      open={!!project}
      unsaved={dirty}
      title={t('sampling.title', { name })}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      {project && (
        <Form form={form} layout="vertical" name="sampling" initialValues={{ sample_percent: project.attributes.sample_percent }} onValuesChange={() => setDirty(true)} onFinish={(values) => save.mutate(values)}>
          <Typography.Paragraph type="secondary">{t('sampling.hint')}</Typography.Paragraph>
          <Form.Item name="sample_percent" label={t('fields.sample_percent')} required rules={[zodRule(field, () => lang)]}>
            <InputNumber min={0} max={100} precision={0} suffix="%" style={{ width: 160 }} aria-label={t('fields.sample_percent')} />
          </Form.Item>
        </Form>
      )}
    </FormModal>
  );
}
