import { useMemo, useState } from 'react';
import { Button, Card, Drawer, Empty, Popconfirm, Popover, Result, Space, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { brandRef, permissionLabel, type CustomTokenAttributes, type CustomTokenCreated, type JsonApiRecord, type PermissionMap } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle, gatewayPath } from '../../kit/api.ts';
import { formatDateTime } from '../../kit/format.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { queryKeys } from '../../kit/queryKeys.ts';
import { serviceName } from '../../kit/resourceText.ts';
import { CustomTokenForm } from './CustomTokenForm.tsx';
import { TokenCreatedModal } from './TokenCreatedModal.tsx';
import { FormDrawer } from '../../kit/unsaved.tsx';
import { DataTable } from '../../kit/DataTable.tsx';
import { IconButton } from '../../kit/IconButton.tsx';
import { useRefOptions } from '../../kit/useResourceList.ts';

type Row = JsonApiRecord<CustomTokenAttributes>;
const tokensRef = { service: 'auth.processing', name: 'custom_tokens' };
const PAGE_SIZES = ['20', '50', '100'];

const countPermissions = (map: PermissionMap) => Object.values(map).reduce((sum, codes) => sum + codes.length, 0);

function PermissionsCell({ permissions }: { permissions: PermissionMap }) {
  const { t } = useTranslation(['custom_tokens', 'common']);
  const { lang } = useSession();
  const count = countPermissions(permissions);
  if (count === 0) return <Typography.Text type="secondary">{t('no_permissions')}</Typography.Text>;
  const content = (
    <div className="token-permissions">
      {Object.entries(permissions).map(([service, codes]) => (
        <div key={service} className="token-permissions__service">
          <Typography.Text strong>{serviceName(t, service)}</Typography.Text>
          <div>
            {codes.map((code) => (
              <Tooltip key={code} title={code}>
                <Tag>{permissionLabel({ service, code }, lang).name}</Tag>
              </Tooltip>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
  return (
    <Popover content={content} title={t('fields.permissions')} trigger={['hover', 'click']}>
      <Button type="link" size="small" style={{ padding: 0 }}>
        {t('permissions_count', { count })}
      </Button>
    </Popover>
  );
}

/**
 * /auth.processing/custom_tokens/ (custom_tokens.view): the tokens of the clients the user may
 * see, creation in a drawer with the value shown once, revocation with a confirmation.
 */
export default function CustomTokensPage() {
  const { t } = useTranslation(['custom_tokens', 'common']);
  const { lang } = useSession();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(20);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const brandOptions = useRefOptions(brandRef).options;
  const brandNames = useMemo(() => new Map(brandOptions.map((option) => [Number(option.value), option.label])), [brandOptions]);

  const list = useQuery({
    queryKey: queryKeys.resource(tokensRef).list({ page, size }),
    queryFn: ({ signal }) => api.list<CustomTokenAttributes>(gatewayPath('auth.processing', 'custom_tokens'), { 'page[number]': page, 'page[size]': size }, signal),
    placeholderData: keepPreviousData,
  });
  const records = (list.data?.data ?? []) as Row[];
  const total = list.data?.meta?.page?.total ?? 0;

  const remove = useMutation({
    mutationFn: (record: Row) => api.delete(gatewayPath('auth.processing', `custom_tokens/${record.id}`)),
    onSuccess: async (_data, record) => {
      notify.success(t('deleted'), record.attributes.name);
      if (records.length === 1 && page > 1) setPage(page - 1);
      await queryClient.invalidateQueries({ queryKey: queryKeys.resource(tokensRef).all });
    },
    onError: (error) => notify.error(errorTitle(error, lang)),
  });

  const onCreated = async (record: JsonApiRecord<CustomTokenCreated>) => {
    setCreating(false);
    setCreated({ name: record.attributes.name, token: record.attributes.token });
    setPage(1);
    await queryClient.invalidateQueries({ queryKey: queryKeys.resource(tokensRef).all });
  };

  const createButton = (label = t('create')) => (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setCreating(true)}>
      {label}
    </Button>
  );

  return (
    <div className="page">
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        extra={
          <Space>
            <IconButton icon={<ReloadOutlined aria-hidden />} aria-label={t('common:actions.refresh')} onClick={() => void list.refetch()} loading={list.isFetching && !list.isLoading} />
            {createButton()}
          </Space>
        }
      />
      <Card variant="borderless" className="page-card">
        {list.isError && !list.data ? (
          <Result
            status="error"
            title={t('common:load_failed')}
            subTitle={errorTitle(list.error, lang)}
            extra={
              <Button type="primary" icon={<ReloadOutlined aria-hidden />} onClick={() => void list.refetch()}>
                {t('common:actions.retry')}
              </Button>
            }
          />
        ) : (
          <DataTable<Row>
            rowKey="id"
            size="middle"
            loading={list.isFetching}
            dataSource={records}
            scroll={{ x: 'max-content' }}
            locale={{
              emptyText: list.isLoading ? (
                <span />
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<Space direction="vertical" size={2}><span>{t('empty')}</span><Typography.Text type="secondary">{t('empty_hint')}</Typography.Text></Space>}>
                  {createButton(t('create_first'))}
                </Empty>
              ),
            }}
            pagination={{
              current: page,
              pageSize: size,
              total,
              hideOnSinglePage: total <= 20,
              showSizeChanger: true,
              pageSizeOptions: PAGE_SIZES,
              showTotal: (count, range) => t('common:table.total', { count, from: range[0], to: range[1] }),
              onChange: (nextPage, nextSize) => {
                setPage(nextSize !== size ? 1 : nextPage);
                setSize(nextSize);
              },
            }}
            columns={[
              {
                key: 'name',
                title: t('fields.name'),
                dataIndex: ['attributes', 'name'],
                render: (name: string, record) => (
                  <Space direction="vertical" size={0}>
                    <Typography.Text strong>{name}</Typography.Text>
                    {record.attributes.created_by && (
                      <Typography.Text type="secondary" className="token-created-by">
                        {t('by', { name: record.attributes.created_by.name || record.attributes.created_by.email })}
                      </Typography.Text>
                    )}
                  </Space>
                ),
              },
              {
                key: 'token_prefix',
                title: t('fields.token_prefix'),
                dataIndex: ['attributes', 'token_prefix'],
                render: (prefix: string) => <Typography.Text code className="nowrap">{`${prefix}…`}</Typography.Text>,
              },
              {
                key: 'clients',
                title: t('fields.clients'),
                dataIndex: ['attributes', 'clients'],
                render: (clients: CustomTokenAttributes['clients']) =>
                  clients.length ? (
                    <Space size={[0, 4]} wrap>
                      {clients.map((client) => (
                        <Tag key={client.id} color="blue">
                          {client.name}
                        </Tag>
                      ))}
                    </Space>
                  ) : (
                    <Tag color="gold">{t('all_clients')}</Tag>
                  ),
              },
              {
                key: 'brand_ids',
                title: t('fields.brand_ids'),
                dataIndex: ['attributes', 'brand_ids'],
                render: (brands: number[]) =>
                  brands.length ? (
                    <Space size={[0, 4]} wrap>
                      {brands.map((id) => (
                        <Tag key={id}>{brandNames.get(id) ?? `#${id}`}</Tag>
                      ))}
                    </Space>
                  ) : (
                    <Typography.Text type="secondary">{t('all_brands')}</Typography.Text>
                  ),
              },
              {
                key: 'permissions',
                title: t('fields.permissions'),
                dataIndex: ['attributes', 'permissions'],
                render: (permissions: PermissionMap) => <PermissionsCell permissions={permissions} />,
              },
              {
                key: 'created_at',
                title: t('fields.created_at'),
                dataIndex: ['attributes', 'created_at'],
                render: (value: string) => <span className="nowrap">{formatDateTime(value)}</span>,
              },
              {
                key: 'last_used_at',
                title: t('fields.last_used_at'),
                dataIndex: ['attributes', 'last_used_at'],
                render: (value: string | null) =>
                  value ? <span className="nowrap">{formatDateTime(value)}</span> : <Typography.Text type="secondary">{t('never_used')}</Typography.Text>,
              },
              {
                key: 'actions',
                title: t('common:actions.title'),
                fixed: 'right',
                width: 80,
                render: (_value, record) => (
                  <Popconfirm
                    title={t('delete_confirm.title')}
                    description={<div className="confirm-text">{t('delete_confirm.text', { name: record.attributes.name })}</div>}
                    okText={t('common:actions.delete')}
                    cancelText={t('common:actions.cancel')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove.mutateAsync(record).catch(() => undefined)}
                  >
                    <IconButton type="text" danger icon={<DeleteOutlined aria-hidden />} aria-label={`${t('common:actions.delete')}: ${record.attributes.name}`} />
                  </Popconfirm>
                ),
              },
            ]}
          />
        )}
      </Card>
      <FormDrawer open={creating} title={t('create_title')} size={560} destroyOnHidden onClose={() => setCreating(false)}>
        {creating && <CustomTokenForm onCreated={(record) => void onCreated(record)} onCancel={() => setCreating(false)} />}
      </FormDrawer>
      {created && <TokenCreatedModal name={created.name} token={created.token} onClose={() => setCreated(null)} />}
    </div>
  );
}
