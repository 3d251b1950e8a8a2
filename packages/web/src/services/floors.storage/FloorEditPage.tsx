import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, Button, Card, Col, Form, Input, Popconfirm, Result, Row, Select, Skeleton, Space, Switch, Tabs, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  COMPONENTS,
  componentDefaults,
  FLOOR_ALIGNMENTS,
  FLOOR_OFFSETS,
  floorResource,
  hasPermission,
  seededText,
  TITLE_POSITIONS,
  t as message,
  type Lang,
} from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle, isApiError } from '../../kit/api.ts';
import { AuditHistory } from '../../kit/AuditHistory.tsx';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { zodRule } from '../../kit/rules.ts';
import { useRefOptions } from '../../kit/useResourceList.ts';
import { useColors } from '../render/render-api.ts';
import { ComponentValuesEditor } from './ComponentValuesEditor.tsx';
import { FloorSites } from './FloorSites.tsx';
import { cleanValues, pointerToName, valueFieldErrors } from './floor-values.ts';
import { floorEditPath, floorPath, FLOORS_PATH, switchFloor, useFloor, useFloorGroups, useInvalidateFloors, type FloorAttributes, type FloorRecord } from './floor-api.ts';
import { canChangeFloor } from './FloorsPage.tsx';
import './floors.css';
import { GuardedForm } from '../../kit/unsaved.tsx';

type Values = Omit<FloorAttributes, 'client_id' | 'enabled' | 'created_at' | 'updated_at'> & { owner: number };
/** The owner select's value for a platform floor (client ids start at 1). */
const PLATFORM = 0;
const EDITABLE: (keyof Values)[] = ['title', 'code', 'component', 'description', 'group_id', 'title_position', 'offset_top', 'offset_bottom', 'background', 'alignment', 'values', 'official'];
const shape = floorResource.create.shape;
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function initialValues(record: FloorRecord | undefined, owner: number): Partial<Values> {
  if (!record) return { owner, title_position: 'left', offset_top: 'medium', offset_bottom: 'medium', alignment: 'left', background: null, values: {}, official: false };
  const a = record.attributes;
  return { ...a, owner: a.client_id ?? PLATFORM };
}

/**
 * /floors.storage/floors/create and /floors.storage/floors/edit/{id}: a floor — its id, title,
 * description, component and presentation, the component's values in a form built from its
 * declaration — with the sites that use it, its history, enable/disable and delete. Platform and
 * official floors are read-only for dealers.
 */
export default function FloorEditPage() {
  const { id } = useParams();
  const editing = !!id;
  const navigate = useNavigate();
  const { t, i18n } = useTranslation(['floors.storage', 'common']);
  const lang: Lang = i18n.language === 'en' ? 'en' : 'ru';
  const { user } = useSession();
  const staff = !!user?.internal;
  const permissions = user?.permissions ?? {};
  const floor = useFloor(id);
  const groups = useFloorGroups();
  const colors = useColors();
  const clients = useRefOptions(staff ? { service: 'clients.storage', name: 'clients', label: 'name' } : undefined);
  const invalidate = useInvalidateFloors();
  const [form] = Form.useForm<Values>();
  const [general, setGeneral] = useState<string[]>([]);
  const record = floor.data;
  const ownerDefault = staff ? PLATFORM : (user?.client?.id ?? user?.clients[0]?.id ?? PLATFORM);
  const initial = useMemo(() => initialValues(record, ownerDefault), [record, ownerDefault]);
  const component = Form.useWatch('component', form) as string | undefined;
  const definition = COMPONENTS.find((entry) => entry.identity === component);

  const allowed = editing ? hasPermission(permissions, 'floors.storage', 'floors.patch') && !!record && canChangeFloor(record.attributes, staff) : hasPermission(permissions, 'floors.storage', 'floors.create');
  const canDelete = editing && hasPermission(permissions, 'floors.storage', 'floors.delete') && !!record && canChangeFloor(record.attributes, staff);

  useEffect(() => {
    form.resetFields();
  }, [initial, form]);

  const showServerErrors = (error: unknown) => {
    if (!isApiError(error)) return notify.error(errorTitle(error, lang));
    const fields = error.errors.flatMap((entry) => {
      const name = pointerToName(entry.source?.pointer);
      return name ? [{ name, errors: [entry.title] }] : [];
    });
    if (fields.length) form.setFields(fields as never);
    const others = error.errors.filter((entry) => !pointerToName(entry.source?.pointer));
    if (others.length || !fields.length) notify.error(others[0]?.title ?? error.title);
    else notify.error(message('form_invalid', lang));
  };

  const save = useMutation({
    mutationFn: async (attributes: Record<string, unknown>) =>
      editing ? api.patch<FloorRecord>(floorPath(`/${id}`), { type: 'floors', id, attributes }) : api.post<FloorRecord>(floorPath(), { type: 'floors', attributes }),
    onSuccess: async (saved) => {
      await invalidate();
      notify.success(t(editing ? 'common:notices.saved' : 'floors.created'), saved.attributes.title);
      if (!editing) navigate(floorEditPath(saved.id), { replace: true });
    },
    onError: showServerErrors,
  });
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => switchFloor(id!, enabled),
    onSuccess: async (saved) => {
      notify.success(t(saved.attributes.enabled ? 'floors.enabled_notice' : 'floors.disabled_notice', { name: saved.attributes.title }));
      await invalidate();
    },
    onError: (error) => notify.error(errorTitle(error, lang)),
  });
  const remove = useMutation({
    mutationFn: () => api.delete(floorPath(`/${id}`)),
    onSuccess: async () => {
      notify.success(t('common:notices.deleted'), record?.attributes.title);
      await invalidate();
      navigate(FLOORS_PATH);
    },
    onError: (error) => notify.error(errorTitle(error, lang)),
  });

  const submit = (values: Values) => {
    setGeneral([]);
    const cleaned = (cleanValues(values.values) ?? {}) as Record<string, unknown>;
    const problems = valueFieldErrors(values.component, cleaned, lang);
    if (problems.onFields.length || problems.general.length) {
      form.setFields(problems.onFields as never);
      setGeneral(problems.general);
      return notify.error(message('form_invalid', lang));
    }
    const next: Record<string, unknown> = { ...values, values: cleaned, description: values.description?.trim() ? values.description : null, group_id: values.group_id ?? null, background: values.background ?? null };
    const attributes: Record<string, unknown> = {};
    for (const field of EDITABLE) {
      if (field === 'official' && !staff) continue;
      if (editing && same(next[field], initial[field])) continue;
      attributes[field] = next[field];
    }
    if (!editing) attributes.client_id = values.owner === PLATFORM ? null : values.owner;
    if (editing && Object.keys(attributes).length === 0) return notify.info(t('common:notices.unchanged'), undefined, 'form-unchanged');
    save.mutate(attributes);
  };

  const chooseComponent = (identity: string) => {
    const chosen = COMPONENTS.find((entry) => entry.identity === identity);
    form.setFieldValue('values', chosen ? componentDefaults(chosen.fields) : {});
    setGeneral([]);
  };

  if (editing && floor.isError) {
    return (
      <div className="page">
        <Result
          status={isApiError(floor.error) && floor.error.status === 404 ? '404' : 'error'}
          title={isApiError(floor.error) && floor.error.status === 404 ? t('floors.not_found') : t('common:load_failed')}
          subTitle={errorTitle(floor.error, lang)}
          extra={<Button onClick={() => navigate(FLOORS_PATH)}>{t('floors.back')}</Button>}
        />
      </div>
    );
  }
  if (editing && !record) return <div className="page"><Skeleton active paragraph={{ rows: 10 }} /></div>;

  const title = editing ? record!.attributes.title : t('floors.create_title');
  const rule = (field: keyof typeof shape) => [zodRule(shape[field] as never, () => lang)];
  const readOnlyReason = editing && !allowed ? (record!.attributes.client_id === null && !staff ? t('floors.read_only_platform') : record!.attributes.official && !staff ? t('floors.read_only_official') : t('floors.read_only')) : null;
  const optionsOf = (values: readonly string[], prefix: string) => values.map((value) => ({ value, label: t(`${prefix}.${value}`) }));

  return (
    <div className="page floor-edit">
      <PageHeader
        title={title}
        subtitle={editing ? <Space size={4} wrap><Tag>{record!.attributes.code}</Tag>{record!.attributes.client_id === null ? <Tag color="purple">{t('floors.platform')}</Tag> : null}{record!.attributes.official ? <Tag color="gold">{t('floors.official')}</Tag> : null}</Space> : t('floors.create_subtitle')}
        extra={
          <Space wrap>
            <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => navigate(FLOORS_PATH)}>{t('floors.back')}</Button>
            {editing && (
              <Popconfirm
                title={t(record!.attributes.enabled ? 'floors.disable_confirm.title' : 'floors.enable_confirm.title')}
                description={<span className="floor-confirm">{t(record!.attributes.enabled ? 'floors.disable_confirm.text' : 'floors.enable_confirm.text', { name: record!.attributes.title })}</span>}
                okText={t(record!.attributes.enabled ? 'floors.disable' : 'floors.enable')}
                okButtonProps={{ danger: record!.attributes.enabled }}
                cancelText={t('common:actions.cancel')}
                disabled={!allowed}
                onConfirm={() => toggle.mutateAsync(!record!.attributes.enabled).catch(() => undefined)}
              >
                <Space className="floor-enabled">
                  <Switch checked={record!.attributes.enabled} disabled={!allowed} loading={toggle.isPending} aria-label={t('floors.fields.enabled')} />
                  <Typography.Text>{record!.attributes.enabled ? t('floors.enabled_yes') : t('floors.enabled_no')}</Typography.Text>
                </Space>
              </Popconfirm>
            )}
            {canDelete && (
              <Popconfirm
                title={t('common:delete_confirm.title')}
                description={t('common:delete_confirm.text', { name: record!.attributes.title })}
                okText={t('common:actions.delete')}
                okButtonProps={{ danger: true }}
                cancelText={t('common:actions.cancel')}
                onConfirm={() => remove.mutateAsync().catch(() => undefined)}
              >
                <Button danger icon={<DeleteOutlined aria-hidden />} loading={remove.isPending}>{t('common:actions.delete')}</Button>
              </Popconfirm>
            )}
          </Space>
        }
      />
      {readOnlyReason && <Alert type="info" showIcon title={readOnlyReason} className="floor-edit__notice" />}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={editing ? 16 : 24}>
          <GuardedForm<Values> form={form} layout="vertical" name="floor" initialValues={initial} onFinish={submit} disabled={!allowed || save.isPending} scrollToFirstError>
            <Card variant="borderless" className="page-card" title={t('floors.sections.main')}>
              <Row gutter={16}>
                <Col xs={24} lg={12}>
                  <Form.Item name="title" label={t('floors.fields.title')} required rules={rule('title')}>
                    <Input maxLength={255} aria-label={t('floors.fields.title')} />
                  </Form.Item>
                </Col>
                <Col xs={24} lg={12}>
                  <Form.Item name="code" label={t('floors.fields.code')} required rules={rule('code')} extra={t('floors.code_hint')}>
                    <Input maxLength={100} aria-label={t('floors.fields.code')} autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col xs={24} lg={12}>
                  <Form.Item name="component" label={t('floors.fields.component')} required rules={[{ required: true, message: message('required', lang) }]} extra={definition?.description[lang]}>
                    <Select
                      showSearch={{ optionFilterProp: 'label' }}
                      aria-label={t('floors.fields.component')}
                      placeholder={t('floors.component_placeholder')}
                      onChange={chooseComponent}
                      options={COMPONENTS.map((entry) => ({ value: entry.identity, label: entry.name[lang] }))}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} lg={12}>
                  <Form.Item name="group_id" label={t('floors.fields.group_id')}>
                    <Select allowClear loading={groups.isFetching} aria-label={t('floors.fields.group_id')} options={(groups.data ?? []).map((group) => ({ value: Number(group.id), label: seededText(group.attributes.name, lang) }))} />
                  </Form.Item>
                </Col>
                <Col xs={24}>
                  <Form.Item name="description" label={t('floors.fields.description')} rules={rule('description')} extra={t('floors.description_hint')}>
                    <Input.TextArea rows={2} showCount maxLength={1000} aria-label={t('floors.fields.description')} />
                  </Form.Item>
                </Col>
                {!editing && (
                  <Col xs={24} lg={12}>
                    <Form.Item name="owner" label={t('floors.fields.client_id')} extra={t('floors.owner_hint')}>
                      <Select
                        aria-label={t('floors.fields.client_id')}
                        loading={clients.isFetching}
                        showSearch={{ optionFilterProp: 'label' }}
                        options={[
                          ...(staff ? [{ value: PLATFORM, label: t('floors.platform') }] : []),
                          ...(staff ? clients.options.map((option) => ({ value: Number(option.value), label: option.label })) : (user?.clients ?? []).map((client) => ({ value: client.id, label: client.name }))),
                        ]}
                      />
                    </Form.Item>
                  </Col>
                )}
                {staff && (
                  <Col xs={24} lg={12}>
                    <Form.Item name="official" label={t('floors.fields.official')} valuePropName="checked" extra={t('floors.official_hint')}>
                      <Switch aria-label={t('floors.fields.official')} />
                    </Form.Item>
                  </Col>
                )}
              </Row>
            </Card>
            <Card variant="borderless" className="page-card" title={t('floors.sections.look')}>
              <Row gutter={16}>
                <Col xs={24} md={12} lg={8}>
                  <Form.Item name="title_position" label={t('floors.fields.title_position')}>
                    <Select aria-label={t('floors.fields.title_position')} options={optionsOf(TITLE_POSITIONS, 'title_positions')} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12} lg={8}>
                  <Form.Item name="alignment" label={t('floors.fields.alignment')}>
                    <Select aria-label={t('floors.fields.alignment')} options={optionsOf(FLOOR_ALIGNMENTS, 'alignments')} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12} lg={8}>
                  <Form.Item name="background" label={t('floors.fields.background')}>
                    <Select
                      allowClear
                      aria-label={t('floors.fields.background')}
                      loading={colors.isFetching}
                      options={(colors.data ?? []).map((color) => ({
                        value: color.code,
                        label: (
                          <span className="color-option">
                            <span className={`color-swatch${color.hex ? '' : ' color-swatch--scheme'}`} style={color.hex ? { background: color.hex } : undefined} aria-hidden />
                            {color.name[lang]}
                          </span>
                        ),
                      }))}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12} lg={8}>
                  <Form.Item name="offset_top" label={t('floors.fields.offset_top')}>
                    <Select aria-label={t('floors.fields.offset_top')} options={optionsOf(FLOOR_OFFSETS, 'offsets')} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12} lg={8}>
                  <Form.Item name="offset_bottom" label={t('floors.fields.offset_bottom')}>
                    <Select aria-label={t('floors.fields.offset_bottom')} options={optionsOf(FLOOR_OFFSETS, 'offsets')} />
                  </Form.Item>
                </Col>
              </Row>
            </Card>
            <Card variant="borderless" className="page-card" title={definition ? t('floors.sections.values_of', { component: definition.name[lang] }) : t('floors.sections.values')}>
              {general.length > 0 && <Alert type="error" showIcon title={general.join(' ')} className="floor-edit__notice" />}
              {definition ? <ComponentValuesEditor fields={definition.fields} lang={lang} disabled={!allowed} /> : <Typography.Text type="secondary">{t('floors.choose_component')}</Typography.Text>}
            </Card>
            {allowed && (
              <div className="form-actions form-actions--sticky">
                <Space>
                  <Button type="primary" htmlType="submit" loading={save.isPending}>{editing ? t('common:actions.save') : t('common:actions.create')}</Button>
                  <Button onClick={() => navigate(FLOORS_PATH)} disabled={false}>{t('common:actions.cancel')}</Button>
                </Space>
              </div>
            )}
          </GuardedForm>
        </Col>
        {editing && (
          <Col xs={24} xl={8}>
            <Card variant="borderless" className="page-card floor-edit__side">
              <Tabs
                items={[
                  { key: 'sites', label: t('floors.sites.tab'), children: <FloorSites floorId={id!} /> },
                  { key: 'history', label: t('clients.storage:audit.history_tab'), children: <AuditHistory resource="floors" recordId={id} /> },
                ]}
              />
            </Card>
          </Col>
        )}
      </Row>
    </div>
  );
}
