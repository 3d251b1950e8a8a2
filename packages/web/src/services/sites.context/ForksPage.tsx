import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Badge, Button, Card, Col, Empty, Form, Input, List, Modal, Result, Row, Select, Typography } from 'antd';
import { BranchesOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { displayHost, forkSiteBody, hasAnyPermission, type JsonApiList, type JsonApiRecord } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle, isApiError } from '../../kit/api.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { zodRule, type SchemaLike } from '../../kit/rules.ts';
import { includedIndex } from '../../kit/useResourceList.ts';
import { openSite, sitePath, siteKeys, useClientChoices, useInvalidateSites, type SiteRecord } from './site-api.ts';
import { siteStatusTag } from './site-tags.tsx';
import { FormModal, GuardedForm } from '../../kit/unsaved.tsx';
import { DataTable } from '../../kit/DataTable.tsx';
import { IconButton } from '../../kit/IconButton.tsx';

type Master = JsonApiRecord<{ name: string; host: string | null; technical_host: string | null; forks: number }>;
const shape = (forkSiteBody.shape.data as unknown as { shape: Record<string, SchemaLike> }).shape;

/** A new fork of an official master for a client: name, client, host (the technical host is automatic). */
function ForkDialog({ master, onClose }: { master: Master | null; onClose: () => void }) {
  const { t } = useTranslation(['sites.context', 'common']);
  const { user, lang } = useSession();
  const [form] = Form.useForm();
  const clients = useClientChoices();
  const invalidate = useInvalidateSites();
  const fork = useMutation({
    mutationFn: (values: Record<string, unknown>) => api.post<SiteRecord>(sitePath(`sites/${master!.id}/fork`), Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== ''))),
    onSuccess: async (site) => {
      notify.success(t('forks.done', { name: site.attributes.name }), site.attributes.technical_host ?? undefined);
      await invalidate();
      onClose();
    },
    onError: (error) => {
      const fields = isApiError(error) ? Object.entries(error.fieldErrors()).filter(([field]) => field in shape) : [];
      if (fields.length) return form.setFields(fields.map(([name, errors]) => ({ name, errors })));
      notify.error(t('forks.failed'), errorTitle(error, lang));
    },
  });
  const rule = (field: string) => [zodRule(shape[field]!, () => lang)];
  return (
    <FormModal open={!!master} title={t('forks.create_title', { name: master?.attributes.name ?? '' })} okText={t('forks.create')} cancelText={t('common:actions.cancel')} onOk={() => form.submit()} onCancel={onClose} confirmLoading={fork.isPending} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('forks.hint')}</Typography.Paragraph>
      <GuardedForm form={form} layout="vertical" name="site-fork" initialValues={{ client_id: user?.client?.id }} onFinish={(values) => fork.mutate(values)} disabled={fork.isPending}>
        <Form.Item name="name" label={t('sites.fields.name')} rules={rule('name')} required>
          <Input aria-label={t('sites.fields.name')} />
        </Form.Item>
        <Form.Item name="client_id" label={t('sites.fields.client_id')} rules={rule('client_id')} required>
          <Select aria-label={t('sites.fields.client_id')} showSearch={{ optionFilterProp: 'label' }} options={clients.options} loading={clients.loading} />
        </Form.Item>
        <Form.Item name="host" label={t('sites.fields.host')} rules={rule('host')}>
          <Input aria-label={t('sites.fields.host')} placeholder="dealer-site.ru" />
        </Form.Item>
      </GuardedForm>
    </FormModal>
  );
}

/**
 * /sites.context/forks: the official master sites and, for the one chosen, the client sites
 * forked from it (they show its central content read-only).
 */
export default function ForksPage() {
  const { t } = useTranslation(['sites.context', 'common']);
  const { user } = useSession();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<string | null>(null);
  const [forking, setForking] = useState<Master | null>(null);
  const canCreate = hasAnyPermission(user?.permissions ?? {}, 'sites.context', ['sites.create']);
  const masters = useQuery({ queryKey: [...siteKeys.all, 'forks'], queryFn: ({ signal }) => api.get<Master[]>(sitePath('sites/forks'), undefined, signal) });
  const current = chosen ?? masters.data?.[0]?.id ?? null;
  const forks = useQuery({
    queryKey: [...siteKeys.all, 'forks-of', current],
    enabled: !!current,
    queryFn: ({ signal }) => api.list<SiteRecord['attributes']>(sitePath('sites'), { 'filter[origin_site_id]': current!, 'page[size]': 500, sort: 'name' }, signal),
  });
  const clients = includedIndex((forks.data as JsonApiList | undefined)?.included ?? []);

  if (masters.isError) {
    return (
      <div className="page">
        <PageHeader title={t('forks.title')} />
        <Result status="error" title={t('common:load_failed')} subTitle={errorTitle(masters.error)} extra={<Button onClick={() => void masters.refetch()}>{t('common:actions.retry')}</Button>} />
      </div>
    );
  }
  const master = masters.data?.find((entry) => entry.id === current) ?? null;
  return (
    <div className="page">
      <PageHeader
        title={t('forks.title')}
        subtitle={t('forks.subtitle')}
        extra={<IconButton icon={<ReloadOutlined aria-hidden />} aria-label={t('common:actions.refresh')} onClick={() => void masters.refetch()} loading={masters.isFetching && !masters.isLoading} />}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <Card variant="borderless" className="page-card" title={t('forks.masters')}>
            <List
              loading={masters.isLoading}
              dataSource={masters.data ?? []}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('forks.no_masters')} /> }}
              renderItem={(entry) => (
                <List.Item className={`forks__master${entry.id === current ? ' forks__master--current' : ''}`} onClick={() => setChosen(entry.id)} extra={<Badge count={entry.attributes.forks} showZero color={entry.attributes.forks ? '#1f5eff' : '#bfbfbf'} />}>
                  <List.Item.Meta
                    title={
                      <Button type="link" className="forks__master-name" onClick={() => setChosen(entry.id)} aria-pressed={entry.id === current}>
                        {entry.attributes.name}
                      </Button>
                    }
                    description={displayHost(entry.attributes.host ?? entry.attributes.technical_host ?? '—')}
                  />
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          <Card
            variant="borderless"
            className="page-card"
            title={master ? t('forks.of', { name: master.attributes.name }) : t('forks.title')}
            extra={
              master && canCreate ? (
                <Button type="primary" icon={<BranchesOutlined aria-hidden />} onClick={() => setForking(master)}>
                  {t('forks.create')}
                </Button>
              ) : undefined
            }
          >
            <DataTable<SiteRecord>
              rowKey="id"
              size="middle"
              loading={forks.isFetching}
              dataSource={(forks.data?.data ?? []) as SiteRecord[]}
              scroll={{ x: 'max-content' }}
              pagination={{ pageSize: 20, hideOnSinglePage: true }}
              locale={{ emptyText: forks.isLoading ? <span /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={master ? t('forks.none') : t('forks.no_masters')} /> }}
              columns={[
                {
                  key: 'name',
                  title: t('sites.fields.name'),
                  render: (_v, row) => {
                    const client = String(clients.get(`clients:${row.attributes.client_id}`)?.attributes.name ?? '');
                    return (
                      <Button type="link" className="all-sites__name" onClick={() => navigate(openSite(row, client || null))}>
                        {row.attributes.name}
                      </Button>
                    );
                  },
                },
                { key: 'client', title: t('sites.fields.client_id'), render: (_v, row) => String(clients.get(`clients:${row.attributes.client_id}`)?.attributes.name ?? `#${row.attributes.client_id}`) },
                { key: 'host', title: t('sites.fields.host'), render: (_v, row) => displayHost(row.attributes.host ?? row.attributes.technical_host ?? '—') },
                { key: 'status', title: t('sites.fields.status'), render: (_v, row) => siteStatusTag(t, row.attributes.status) },
              ]}
            />
          </Card>
        </Col>
      </Row>
      <ForkDialog key={forking?.id ?? 'none'} master={forking} onClose={() => setForking(null)} />
    </div>
  );
}
