import { useState } from 'react';
import { Col, Form, Input, Modal, Row, Select } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { createVmBody, type JsonApiList, type VirtualMachineRecord } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle, gatewayPath, isApiError } from '../../kit/api.ts';
import { zodRule } from '../../kit/rules.ts';
import { controllerPath, taskKeys } from './task-api.ts';
import { FormModal, GuardedForm } from '../../kit/unsaved.tsx';

const fields = createVmBody.shape.data.shape;
type Values = { site_id?: number; platform_id?: string; ip?: string; hostname?: string; host?: string; technical_host?: string; domain_code?: string; group?: string };

/** Sites to choose from, found by name or host as the user types. */
function useSiteChoices(search: string) {
  return useQuery({
    queryKey: ['sites.context', 'sites', 'vm-choices', search],
    queryFn: ({ signal }) =>
      api.list<{ name: string; host: string | null }>(gatewayPath('sites.context', 'sites'), { 'filter[search]': search || undefined, 'page[size]': 20, sort: 'name' }, signal),
    select: (list: JsonApiList<{ name: string; host: string | null }>) =>
      list.data.map((site) => ({ value: Number(site.id), label: site.attributes.host ? `${site.attributes.name} — ${site.attributes.host}` : site.attributes.name })),
  });
}

/**
 * create_vm: a machine made outside the platform's tasks, registered for a site. The rules of
 * the fields are the server's (contracts createVmBody); its refusals land on their fields.
 */
export function CreateVmModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['sites.controller', 'common']);
  const { lang } = useSession();
  const [form] = Form.useForm<Values>();
  const [search, setSearch] = useState('');
  const sites = useSiteChoices(search);
  const client = useQueryClient();
  const rule = (schema: Parameters<typeof zodRule>[0]) => [zodRule(schema, () => lang)];
  /** An optional field left blank is no domain to check. */
  const optional = (schema: Parameters<typeof zodRule>[0]) => [
    zodRule({ safeParse: (value: unknown) => (value === '' || value === undefined ? { success: true } : schema.safeParse(value)) }, () => lang),
  ];

  const create = useMutation({
    mutationFn: (values: Values) => {
      const blankToNull = (value: string | undefined) => (value && value.trim() ? value.trim() : null);
      return api.post<VirtualMachineRecord>(controllerPath('vms'), {
        ...values,
        host: blankToNull(values.host),
        technical_host: blankToNull(values.technical_host),
        domain_code: blankToNull(values.domain_code),
        group: blankToNull(values.group),
      });
    },
    onSuccess: async (vm) => {
      notify.success(t('vm.created', { hostname: vm.hostname }));
      form.resetFields();
      onClose();
      await client.invalidateQueries({ queryKey: taskKeys.vms });
    },
    onError: (error) => {
      if (isApiError(error)) {
        const byField = error.fieldErrors();
        const known = Object.entries(byField).filter(([name]) => name in fields);
        if (known.length) {
          form.setFields(known.map(([name, errors]) => ({ name: name as keyof Values, errors })));
          return;
        }
      }
      notify.error(t('action_failed'), errorTitle(error, lang));
    },
  });

  return (
    <FormModal
      open={open}
      title={t('vm.create_title')}
      okText={t('vm.create')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      <p className="vm-create__hint">{t('vm.create_hint')}</p>
      <GuardedForm<Values> form={form} layout="vertical" requiredMark onFinish={(values) => create.mutate(values)} initialValues={{ platform_id: 'local', ip: '127.0.0.1' }}>
        <Form.Item name="site_id" label={t('fields.site')} rules={rule(fields.site_id)} required>
          <Select
            showSearch
            filterOption={false}
            onSearch={setSearch}
            loading={sites.isFetching}
            options={sites.data ?? []}
            placeholder={t('vm.site_placeholder')}
            notFoundContent={sites.isError ? errorTitle(sites.error, lang) : undefined}
          />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="platform_id" label={t('fields.platform')} rules={rule(fields.platform_id)} required>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="ip" label={t('fields.ip')} rules={rule(fields.ip)} required>
              <Input maxLength={45} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="hostname" label={t('fields.hostname')} rules={rule(fields.hostname)} required>
          <Input maxLength={253} placeholder="vm-1.example.ru" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="host" label={t('fields.host')} rules={optional(fields.host)}>
              <Input maxLength={253} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="technical_host" label={t('fields.technical_host')} rules={optional(fields.technical_host)}>
              <Input maxLength={253} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="domain_code" label={t('fields.domain_code')} rules={rule(fields.domain_code)}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="group" label={t('fields.group')} rules={rule(fields.group)}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
        </Row>
      </GuardedForm>
    </FormModal>
  );
}
