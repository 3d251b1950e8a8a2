import { useMemo } from 'react';
import { Alert, Button, Card, Checkbox, Col, Form, Input, InputNumber, Popconfirm, Result, Row, Select, Skeleton, Space, Switch, Typography } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { auditResource, code, hasPermission, MODULE_CATEGORIES, MODULE_HANDLER_NAMES, moduleOverride, moduleResource, translateMessage } from '@dp/contracts';
import { currentLang } from '../../app/i18n.ts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle, isApiError } from '../../kit/api.ts';
import { AuditHistory } from '../../kit/AuditHistory.tsx';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { queryKeys } from '../../kit/queryKeys.ts';
import { zodRule } from '../../kit/rules.ts';
import { listPath, recordPath, useRefOptions } from '../../kit/useResourceList.ts';
import { changedAttributes, moduleFields, toFormValues, type ModuleFormValues, type ModuleRecord } from './module-edit.ts';
import { marketplaceKeys, titleOf } from './site-modules.ts';
import './marketplace.css';
import { GuardedForm } from '../../kit/unsaved.tsx';
import { IconButton } from '../../kit/IconButton.tsx';

const clientRef = { service: 'clients.storage', name: 'clients', label: 'name' } as const;
const overrideFields = moduleOverride.shape;
const schemeCode = code(100);
const LIST = '/marketplace/settings';

/**
 * One module of the dictionary (/marketplace/settings/module_edit/{moduleCode}): every field of
 * spec 000 §3 Module, the overrides per colour scheme, the handlers by name, and its history.
 */
export default function ModuleEditPage() {
  const { t } = useTranslation(['marketplace', 'common']);
  const { moduleCode = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user, lang } = useSession();
  const [form] = Form.useForm<ModuleFormValues>();
  const canEdit = hasPermission(user?.permissions ?? {}, 'marketplace', 'modules.patch');
  const clients = useRefOptions(clientRef);

  const query = useQuery({
    queryKey: [...queryKeys.resource(moduleResource).all, 'code', moduleCode],
    queryFn: async ({ signal }) => {
      const list = await api.list<ModuleRecord['attributes']>(listPath(moduleResource), { 'filter[code]': moduleCode, 'page[size]': 1 }, signal);
      return (list.data[0] as ModuleRecord | undefined) ?? null;
    },
  });
  const record = query.data ?? null;
  const initial = useMemo(() => (record ? toFormValues(record) : null), [record]);

  const save = useMutation({
    mutationFn: async (values: ModuleFormValues) => {
      const attributes = changedAttributes(values, initial!);
      if (!Object.keys(attributes).length) return record;
      return api.patch<ModuleRecord>(recordPath(moduleResource, record!.id), { type: 'modules', id: record!.id, attributes });
    },
    onSuccess: async () => {
      notify.success(t('common:notices.saved'));
      // The record, the sites' lists of modules and the page's history read again.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.resource(moduleResource).all }),
        queryClient.invalidateQueries({ queryKey: marketplaceKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.resource(auditResource).all }),
      ]);
    },
    onError: (error) => {
      if (isApiError(error)) {
        // Field errors go to their fields (a handler of the install list, an e-mail of the list ...).
        const placed = error.errors.flatMap((entry) => {
          const path = /^\/data\/attributes\/(.+)$/.exec(entry.source?.pointer ?? '')?.[1]?.split('/') ?? [];
          if (!path.length) return [];
          const name = path[0] === 'handlers' && path[1] ? ['handlers', path[1]] : path[0] === 'color_scheme_overrides' ? ['overrides'] : [path[0]!];
          return [{ name, errors: [entry.title] }];
        });
        if (placed.length) {
          form.setFields(placed as never);
          notify.error(translateMessage('form_invalid', lang), placed[0]!.errors[0]);
          return;
        }
      }
      notify.error(errorTitle(error, lang));
    },
  });

  const remove = useMutation({
    mutationFn: () => api.delete(recordPath(moduleResource, record!.id)),
    onSuccess: async () => {
      notify.success(t('common:notices.deleted'));
      await queryClient.invalidateQueries({ queryKey: queryKeys.resource(moduleResource).all });
      navigate(LIST);
    },
    onError: (error) => notify.error(errorTitle(error, lang)),
  });

  const back = (
    <Link to={LIST}>
      <Button icon={<ArrowLeftOutlined aria-hidden />}>{t('modules.title')}</Button>
    </Link>
  );
  if (query.isError || (query.isSuccess && !record)) {
    return (
      <div className="page">
        <Result status="404" title={query.isError ? t('common:load_failed') : t('edit.not_found', { code: moduleCode })} subTitle={query.isError ? errorTitle(query.error, lang) : undefined} extra={back} />
      </div>
    );
  }
  const label = (field: string) => t(`modules.fields.${field}`);
  const rule = (schema: unknown) => [zodRule(schema as never, currentLang)];
  const handlerOptions = MODULE_HANDLER_NAMES.map((name) => ({ value: name, label: `${t(`handlers.${name}`)} (${name})` }));

  return (
    <div className="page">
      <PageHeader
        title={record ? t('modules.edit_title', { name: titleOf(record.attributes, lang) }) : t('common:loading')}
        subtitle={record ? record.attributes.code : undefined}
        extra={
          <Space wrap>
            {back}
            {record && canEdit && (
              <Popconfirm
                title={t('edit.delete_title')}
                description={t('edit.delete_text', { name: titleOf(record.attributes, lang) })}
                okText={t('common:actions.delete')}
                okButtonProps={{ danger: true }}
                cancelText={t('common:actions.cancel')}
                onConfirm={() => remove.mutateAsync().catch(() => undefined)}
              >
                <Button danger icon={<DeleteOutlined aria-hidden />} loading={remove.isPending}>
                  {t('common:actions.delete')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        }
      />
      {!record || !initial ? (
        <Card variant="borderless" className="page-card">
          <Skeleton active paragraph={{ rows: 10 }} />
        </Card>
      ) : (
        <GuardedForm<ModuleFormValues>
          key={`${record.id}:${record.attributes.updated_at}`}
          form={form}
          layout="vertical"
          name="module-edit"
          initialValues={initial}
          disabled={!canEdit || save.isPending}
          onFinish={(values) => save.mutate(values)}
          scrollToFirstError
        >
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={12}>
              <Card variant="borderless" className="page-card" title={t('edit.card')}>
                <Form.Item label={label('code')}>
                  <Typography.Text code copyable>
                    {record.attributes.code}
                  </Typography.Text>
                </Form.Item>
                <Form.Item name="name" label={label('name')} required rules={rule(moduleFields.name)} validateFirst>
                  <Input aria-label={label('name')} />
                </Form.Item>
                <Form.Item name="description" label={label('description')} rules={rule(moduleFields.description)}>
                  <Input.TextArea rows={4} aria-label={label('description')} />
                </Form.Item>
                <Form.Item name="site_category" label={label('site_category')} rules={rule(moduleFields.site_category)}>
                  <Select allowClear aria-label={label('site_category')} options={MODULE_CATEGORIES.map((value) => ({ value, label: t(`categories.${value}`) }))} />
                </Form.Item>
                <Row gutter={16}>
                  <Col xs={24} sm={12}>
                    <Form.Item name="sort" label={label('sort')} rules={rule(moduleFields.sort)}>
                      <InputNumber style={{ width: '100%' }} min={0} max={100000} aria-label={label('sort')} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={12}>
                    <Form.Item name="locales" label={label('locales')} rules={rule(moduleFields.locales)}>
                      <Checkbox.Group options={['ru', 'en'].map((value) => ({ value, label: t(`common:languages.${value}`) }))} />
                    </Form.Item>
                  </Col>
                </Row>
                <Row gutter={16}>
                  <Col xs={24} sm={12}>
                    <Form.Item name="active" label={label('active')} valuePropName="checked" extra={t('edit.active_hint')}>
                      <Switch aria-label={label('active')} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={12}>
                    <Form.Item name="billing_integration" label={label('billing_integration')} valuePropName="checked">
                      <Switch aria-label={label('billing_integration')} />
                    </Form.Item>
                  </Col>
                </Row>
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card variant="borderless" className="page-card" title={t('edit.links')}>
                <Form.Item name="promo_link" label={label('promo_link')} rules={rule(moduleFields.promo_link)}>
                  <Input type="url" placeholder="https://" aria-label={label('promo_link')} />
                </Form.Item>
                <Form.Item name="url" label={label('url')} rules={rule(moduleFields.url)}>
                  <Input type="url" placeholder="https://" aria-label={label('url')} />
                </Form.Item>
                <Form.Item name="image" label={label('image')} rules={rule(moduleFields.image)}>
                  <Input type="url" placeholder="https://" aria-label={label('image')} />
                </Form.Item>
              </Card>
              <Card variant="borderless" className="page-card marketplace-card-gap" title={t('edit.offer')}>
                <Form.Item name="client_ids" label={label('client_ids')} extra={t('edit.clients_hint')} rules={rule(moduleFields.client_ids)}>
                  <Select mode="multiple" allowClear showSearch={{ optionFilterProp: 'label' }} loading={clients.isFetching} options={clients.options} aria-label={label('client_ids')} placeholder={t('edit.all_clients')} />
                </Form.Item>
                <Form.Item name="notification_emails" label={label('notification_emails')} extra={t('edit.emails_hint')} rules={rule(moduleFields.notification_emails)}>
                  <Select mode="tags" tokenSeparators={[',', ' ', ';']} open={false} suffixIcon={null} aria-label={label('notification_emails')} />
                </Form.Item>
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card variant="borderless" className="page-card" title={t('edit.handlers')}>
                <Typography.Paragraph type="secondary">{t('edit.handlers_hint')}</Typography.Paragraph>
                <Form.Item name={['handlers', 'install']} label={t('edit.on_install')}>
                  <Select mode="multiple" allowClear options={handlerOptions} aria-label={t('edit.on_install')} />
                </Form.Item>
                <Form.Item name={['handlers', 'uninstall']} label={t('edit.on_uninstall')}>
                  <Select mode="multiple" allowClear options={handlerOptions} aria-label={t('edit.on_uninstall')} />
                </Form.Item>
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card variant="borderless" className="page-card" title={t('edit.overrides')}>
                <Typography.Paragraph type="secondary">{t('edit.overrides_hint')}</Typography.Paragraph>
                <Form.List name="overrides">
                  {(rows, { add, remove: removeRow }, { errors }) => (
                    <>
                      {rows.map((row) => (
                        <Card key={row.key} size="small" className="marketplace-override">
                          <Row gutter={12} align="top">
                            <Col xs={24} sm={10}>
                              <Form.Item name={[row.name, 'scheme']} label={t('edit.scheme')} required rules={rule(schemeCode)} validateFirst>
                                <Input aria-label={t('edit.scheme')} placeholder="dark" />
                              </Form.Item>
                            </Col>
                            <Col xs={20} sm={12}>
                              <Form.Item name={[row.name, 'name']} label={label('name')} rules={rule(overrideFields.name)}>
                                <Input aria-label={`${t('edit.scheme')}: ${label('name')}`} />
                              </Form.Item>
                            </Col>
                            <Col xs={4} sm={2} className="marketplace-override__remove">
                              <IconButton type="text" danger icon={<MinusCircleOutlined aria-hidden />} aria-label={t('edit.remove_override')} onClick={() => removeRow(row.name)} />
                            </Col>
                            <Col span={24}>
                              <Form.Item name={[row.name, 'description']} label={label('description')} rules={rule(overrideFields.description)}>
                                <Input.TextArea rows={3} aria-label={`${t('edit.scheme')}: ${label('description')}`} />
                              </Form.Item>
                            </Col>
                            <Col xs={24} sm={12}>
                              <Form.Item name={[row.name, 'image']} label={label('image')} rules={rule(overrideFields.image)}>
                                <Input type="url" placeholder="https://" aria-label={`${t('edit.scheme')}: ${label('image')}`} />
                              </Form.Item>
                            </Col>
                            <Col xs={24} sm={12}>
                              <Form.Item name={[row.name, 'url']} label={label('url')} rules={rule(overrideFields.url)}>
                                <Input type="url" placeholder="https://" aria-label={`${t('edit.scheme')}: ${label('url')}`} />
                              </Form.Item>
                            </Col>
                          </Row>
                        </Card>
                      ))}
                      <Form.ErrorList errors={errors} />
                      {rows.length === 0 && <Alert type="info" showIcon title={t('edit.no_overrides')} className="marketplace-override__empty" />}
                      <Button type="dashed" block icon={<PlusOutlined aria-hidden />} onClick={() => add({ scheme: '' })}>
                        {t('edit.add_override')}
                      </Button>
                    </>
                  )}
                </Form.List>
              </Card>
            </Col>
            {canEdit && (
              <Col span={24}>
                <Space>
                  <Button type="primary" htmlType="submit" loading={save.isPending}>
                    {t('common:actions.save')}
                  </Button>
                  <Button htmlType="reset" disabled={save.isPending}>
                    {t('edit.reset')}
                  </Button>
                </Space>
              </Col>
            )}
            <Col span={24}>
              <Card variant="borderless" className="page-card" title={t('edit.history')}>
                <AuditHistory resource="modules" recordId={record.id} />
              </Card>
            </Col>
          </Row>
        </GuardedForm>
      )}
    </div>
  );
}
