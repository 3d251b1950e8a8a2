import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Button, Card, Col, DatePicker, Empty, Form, Input, InputNumber, List, Modal, Popconfirm, Result, Row, Select, Skeleton, Space, Switch, Typography, Upload } from 'antd';
import { CloudUploadOutlined, DeleteOutlined, LinkOutlined, PlayCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { AUTO_IMPORT_HOURS, dealerRef, encodeMessage, hasPermission, IMPORT_CONFIRMATION_PHRASES, IMPORT_TIMEOUT_MINUTES, isImportConfirmation, minutesToNanoseconds, nanosecondsToMinutes, translateMessage, type Lang } from '@dp/contracts';
import { currentLang } from '../../app/i18n.ts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle, isApiError } from '../../kit/api.ts';
import { formatDateTime } from '../../kit/format.ts';
import { PageHeader } from '../../kit/PageHeader.tsx';
import { useRefOptions } from '../../kit/useResourceList.ts';
import { uploadFiles, useSite } from '../sites.context/site-api.ts';
import { showSaveErrors } from '../cars.stock.sites/stock-sites-api.ts';
import { importKeys, importPath, useImportSettings, useSiteProfiles, type FeedFile, type ImportSettings } from './import-api.ts';
import './import.css';
import { FormModal, GuardedForm } from '../../kit/unsaved.tsx';
import { IconButton } from '../../kit/IconButton.tsx';

/** The form's values: the timeout in minutes (the API's is in nanoseconds), the manual mode's terms apart. */
type SettingsValues = Pick<ImportSettings, 'profile_id' | 'default_dealer_id' | 'timeout' | 'unique_vins_only' | 'auto_import_hours'>;
type Values = SettingsValues & { is_manual_mode: boolean; manual_reason: string | null; manual_until: Dayjs | null };
const FIELDS: (keyof SettingsValues)[] = ['profile_id', 'default_dealer_id', 'timeout', 'unique_vins_only', 'auto_import_hours'];

/** The form's values of the settings as the API gives them. */
function formValues(attrs: ImportSettings): Values {
  return {
    ...(Object.fromEntries(FIELDS.map((field) => [field, attrs[field]])) as SettingsValues),
    timeout: nanosecondsToMinutes(attrs.timeout),
    is_manual_mode: attrs.is_manual_mode,
    manual_reason: attrs.manual_data?.reason ?? null,
    manual_until: attrs.manual_data?.until ? dayjs(attrs.manual_data.until) : null,
  };
}

/** The manual mode and its terms as the form holds them, in the shape `PATCH /import/{id}/manual/edit` takes. */
const manualOf = (values: Pick<Values, 'is_manual_mode' | 'manual_reason' | 'manual_until'>) => ({
  is_manual_mode: values.is_manual_mode,
  manual_data: { reason: values.manual_reason?.trim() || null, until: values.manual_until ? values.manual_until.toISOString() : null },
});

const fileLabel = (file: FeedFile) => file.name || (file.kind === 'url' ? file.url : file.file_id);
const kb = (size: number | undefined, lang: Lang) => (size === undefined ? '' : `${new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'ru-RU', { maximumFractionDigits: 1 }).format(size / 1024)} KB`);

/**
 * /cars.import/settings/{siteId} (spec 001 §2, §3 settings, §4, §5, §8): the site's feed files
 * (URLs or uploads), profile, default dealer, manual mode, timeout in minutes, unique VINs only,
 * auto import, the last import; "Run import" refuses without files (the spec's message) and asks
 * for the typed phrase while an auto import is configured.
 */
export default function ImportSettingsPage() {
  const { siteId = '' } = useParams();
  const { t } = useTranslation(['cars.import', 'common']);
  const lang = currentLang();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const site = useSite(siteId);
  const settings = useImportSettings(siteId);
  const profiles = useSiteProfiles(siteId);
  const clientId = settings.data?.attributes.client_id;
  const dealers = useRefOptions(dealerRef, clientId ? { client_id: String(clientId) } : undefined);
  const [form] = Form.useForm<Values>();
  const [url, setUrl] = useState('');
  const [urlError, setUrlError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [phrase, setPhrase] = useState('');
  const permissions = user?.permissions ?? {};
  const canEdit = hasPermission(permissions, 'cars.import', 'import_settings.patch');
  const canRun = hasPermission(permissions, 'cars.import', 'import.run');
  const record = settings.data;
  const attrs = record?.attributes;

  useEffect(() => {
    if (attrs) form.setFieldsValue(formValues(attrs));
  }, [attrs, form]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: importKeys.settings(siteId) });
  const patch = useMutation({
    mutationFn: (attributes: Partial<ImportSettings>) => api.patch(importPath(`settings/${record!.id}`), { attributes }),
    onSuccess: () => refresh(),
  });
  const editManual = useMutation({
    mutationFn: (attributes: { is_manual_mode: boolean; manual_data: { reason: string | null; until: string | null } }) => api.patch(importPath(`import/${record!.id}/manual/edit`), attributes),
    onSuccess: () => refresh(),
  });
  const save = async (values: Values) => {
    const sent = { ...values, timeout: minutesToNanoseconds(values.timeout) };
    const changed = Object.fromEntries(FIELDS.filter((field) => sent[field] !== attrs![field]).map((field) => [field, sent[field] ?? null]));
    const manual = manualOf(values);
    const manualChanged = JSON.stringify(manual) !== JSON.stringify(manualOf(formValues(attrs!)));
    if (!Object.keys(changed).length && !manualChanged) return notify.info(t('settings.nothing_changed'));
    try {
      if (Object.keys(changed).length) await patch.mutateAsync(changed);
      if (manualChanged) await editManual.mutateAsync(manual);
      notify.success(t('settings.saved'));
    } catch (error) {
      showSaveErrors(error, lang, (fields) => form.setFields(fields as never));
    }
  };
  const setFiles = async (files: FeedFile[]) => {
    try {
      await patch.mutateAsync({ files });
    } catch (error) {
      notify.error(errorTitle(error, lang));
    }
  };
  const addUrl = async () => {
    const text = url.trim();
    if (!/^https?:\/\/[^\s]+$/i.test(text)) return setUrlError(translateMessage('url', lang));
    const files: FeedFile[] = [...(attrs!.files ?? []), { kind: 'url', url: text, name: null }];
    try {
      await patch.mutateAsync({ files });
      setUrl('');
    } catch (error) {
      // The server's refusal of the new address (an internal one, say) shows under the input that holds it.
      const own = isApiError(error) ? error.errors.find((one) => one.source?.pointer === `/data/attributes/files/${files.length - 1}/url`) : undefined;
      if (own) setUrlError(own.title);
      else notify.error(errorTitle(error, lang));
    }
  };
  const upload = useMutation({
    mutationFn: (file: File) => uploadFiles(importPath(`import/${record!.id}/manual`), { file }),
    onSuccess: () => {
      notify.success(t('settings.uploaded'));
      void refresh();
    },
    onError: (error) => notify.error(errorTitle(error, lang)),
  });
  const run = useMutation({
    mutationFn: (confirmation?: string) => api.post<{ id: string }>(importPath(`import/${record!.id}/manual/start`), confirmation ? { confirmation } : {}),
    onSuccess: () => {
      setConfirming(false);
      setPhrase('');
      notify.success(t('settings.started'));
      void refresh();
      void queryClient.invalidateQueries({ queryKey: ['cars.import', 'reports', siteId] });
    },
    onError: (error) => notify.error(isApiError(error) ? error.title : errorTitle(error, lang)),
  });
  const startRun = () => {
    // The spec's message, at once: there is nothing to import.
    if (!attrs!.files.length) return notify.error(translateMessage('import_files_missing', lang));
    if (attrs!.auto_import_hours) return setConfirming(true);
    run.mutate(undefined);
  };

  const title = t('settings.title');
  const header = (
    <PageHeader
      title={title}
      subtitle={site.data?.site.attributes.name}
      documentTitle={title}
      extra={
        <Space wrap>
          <IconButton icon={<ReloadOutlined aria-hidden />} aria-label={t('common:actions.refresh')} onClick={() => void refresh()} />
          {canEdit && record && (
            <Button htmlType="submit" form="import-settings" loading={patch.isPending || editManual.isPending}>
              {t('common:actions.save')}
            </Button>
          )}
          {canRun && record && (
            <Button type="primary" icon={<PlayCircleOutlined aria-hidden />} onClick={startRun} loading={run.isPending} disabled={attrs?.in_process}>
              {t('settings.run')}
            </Button>
          )}
        </Space>
      }
    />
  );
  if (settings.isError) {
    return (
      <div className="page">
        {header}
        <Card variant="borderless" className="page-card">
          <Result status="error" title={t('common:load_failed')} subTitle={errorTitle(settings.error, lang)} extra={<Button type="primary" onClick={() => void settings.refetch()}>{t('common:actions.retry')}</Button>} />
        </Card>
      </div>
    );
  }
  return (
    <div className="page">
      {header}
      {!record || !attrs ? (
        <Card variant="borderless" className="page-card">
          <Skeleton active />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            <Card variant="borderless" className="page-card" title={t('settings.files')}>
              {attrs.in_process && (
                <Alert
                  type="info"
                  showIcon
                  className="import-running"
                  title={t('settings.running')}
                  action={<Link to={`/cars.import/reports/${siteId}`}>{t('settings.to_reports')}</Link>}
                />
              )}
              <List
                dataSource={attrs.files}
                locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('settings.no_files')} /> }}
                renderItem={(file, index) => (
                  <List.Item
                    actions={
                      canEdit
                        ? [
                            <Popconfirm key="remove" title={t('settings.remove_confirm', { name: fileLabel(file) })} okText={t('common:actions.delete')} cancelText={t('common:actions.cancel')} onConfirm={() => setFiles(attrs.files.filter((_, at) => at !== index))}>
                              <IconButton type="text" danger icon={<DeleteOutlined aria-hidden />} aria-label={`${t('common:actions.delete')}: ${fileLabel(file)}`} />
                            </Popconfirm>,
                          ]
                        : []
                    }
                  >
                    <List.Item.Meta
                      avatar={file.kind === 'url' ? <LinkOutlined aria-hidden /> : <CloudUploadOutlined aria-hidden />}
                      title={<Typography.Text ellipsis={{ tooltip: fileLabel(file) }} className="import-file-name">{fileLabel(file)}</Typography.Text>}
                      description={file.kind === 'url' ? t('settings.file_url') : `${t('settings.file_upload')} ${kb(file.size, lang)}`}
                    />
                  </List.Item>
                )}
              />
              {canEdit && (
                <div className="import-add-file">
                  <Space.Compact style={{ width: '100%' }}>
                    <Input
                      value={url}
                      placeholder="https://dealer.example/feed.xml"
                      aria-label={t('settings.url')}
                      status={urlError ? 'error' : undefined}
                      onChange={(event) => {
                        setUrl(event.target.value);
                        setUrlError(null);
                      }}
                      onPressEnter={() => void addUrl()}
                    />
                    <Button onClick={() => void addUrl()} disabled={!url.trim()}>
                      {t('settings.add_url')}
                    </Button>
                  </Space.Compact>
                  {urlError && <Typography.Text type="danger" role="alert">{urlError}</Typography.Text>}
                  <Upload
                    accept=".xml,.csv,.xlsx,text/xml,text/csv"
                    showUploadList={false}
                    beforeUpload={(file) => {
                      upload.mutate(file);
                      return false;
                    }}
                  >
                    <Button icon={<CloudUploadOutlined aria-hidden />} loading={upload.isPending}>
                      {t('settings.upload')}
                    </Button>
                  </Upload>
                  <Typography.Text type="secondary">{t('settings.upload_hint')}</Typography.Text>
                </div>
              )}
            </Card>
          </Col>
          <Col xs={24} xl={12}>
            <Card variant="borderless" className="page-card" title={t('settings.options')}>
              {!canEdit && <Alert type="info" showIcon title={t('settings.read_only')} style={{ marginBottom: 16 }} />}
              <GuardedForm id="import-settings" form={form} layout="vertical" disabled={!canEdit} onFinish={(values) => void save(values)}>
                <Form.Item name="profile_id" label={t('settings.fields.profile_id')} extra={t('settings.profile_hint')}>
                  <Select allowClear aria-label={t('settings.fields.profile_id')} loading={profiles.isFetching} placeholder={t('settings.profile_auto')} options={(profiles.data ?? []).map((profile) => ({ value: Number(profile.id), label: `${profile.attributes.name} (${t(`formats.${profile.attributes.format}`)})` }))} />
                </Form.Item>
                <Form.Item name="default_dealer_id" label={t('settings.fields.default_dealer_id')}>
                  <Select allowClear showSearch={{ optionFilterProp: 'label' }} aria-label={t('settings.fields.default_dealer_id')} loading={dealers.isFetching} options={dealers.options.map((option) => ({ value: Number(option.value), label: option.label }))} />
                </Form.Item>
                <Row gutter={16}>
                  <Col xs={24} sm={12}>
                    <Form.Item name="timeout" label={t('settings.fields.timeout')} rules={[{ required: true, message: translateMessage('required', lang) }, { type: 'number', min: IMPORT_TIMEOUT_MINUTES.min, max: IMPORT_TIMEOUT_MINUTES.max, message: t('settings.timeout_range') }]}>
                      <InputNumber aria-label={t('settings.fields.timeout')} min={IMPORT_TIMEOUT_MINUTES.min} max={IMPORT_TIMEOUT_MINUTES.max} precision={0} suffix={t('settings.minutes')} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={12}>
                    <Form.Item name="auto_import_hours" label={t('settings.fields.auto_import_hours')}>
                      <Select aria-label={t('settings.fields.auto_import_hours')} options={[{ value: null as unknown as number, label: t('settings.auto_off') }, ...AUTO_IMPORT_HOURS.map((hours) => ({ value: hours, label: t('settings.every_hours', { count: hours }) }))]} />
                    </Form.Item>
                  </Col>
                </Row>
                <Row gutter={16}>
                  <Col xs={24} sm={12}>
                    <Form.Item name="is_manual_mode" label={t('settings.fields.is_manual_mode')} valuePropName="checked">
                      <Switch aria-label={t('settings.fields.is_manual_mode')} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={12}>
                    <Form.Item name="unique_vins_only" label={t('settings.fields.unique_vins_only')} valuePropName="checked">
                      <Switch aria-label={t('settings.fields.unique_vins_only')} />
                    </Form.Item>
                  </Col>
                </Row>
                <Form.Item noStyle shouldUpdate={(before, after) => before.is_manual_mode !== after.is_manual_mode}>
                  {({ getFieldValue }) =>
                    getFieldValue('is_manual_mode') && (
                      <Row gutter={16}>
                        <Col xs={24} sm={12}>
                          <Form.Item name="manual_reason" label={t('settings.fields.manual_reason')} rules={[{ max: 1000, message: translateMessage(encodeMessage('max_length', { length: 1000 }), lang) }]}>
                            <Input.TextArea aria-label={t('settings.fields.manual_reason')} autoSize={{ minRows: 1, maxRows: 4 }} maxLength={1000} />
                          </Form.Item>
                        </Col>
                        <Col xs={24} sm={12}>
                          <Form.Item name="manual_until" label={t('settings.fields.manual_until')} extra={t('settings.manual_until_hint')}>
                            <DatePicker showTime={{ format: 'HH:mm' }} format="DD.MM.YYYY HH:mm" aria-label={t('settings.fields.manual_until')} style={{ width: '100%' }} />
                          </Form.Item>
                        </Col>
                      </Row>
                    )
                  }
                </Form.Item>
                <Typography.Text type="secondary">
                  {t('settings.fields.last_import_date')}: {attrs.last_import_date ? formatDateTime(attrs.last_import_date) : t('settings.never')}
                </Typography.Text>
              </GuardedForm>
            </Card>
          </Col>
        </Row>
      )}
      <FormModal
        open={confirming}
        title={t('settings.confirm_title')}
        okText={t('settings.run')}
        cancelText={t('common:actions.cancel')}
        okButtonProps={{ disabled: !isImportConfirmation(phrase), danger: true }}
        confirmLoading={run.isPending}
        onCancel={() => {
          setConfirming(false);
          setPhrase('');
        }}
        onOk={() => run.mutate(phrase)}
        destroyOnHidden
      >
        <Typography.Paragraph>{t('settings.confirm_text', { phrase: IMPORT_CONFIRMATION_PHRASES[lang] })}</Typography.Paragraph>
        <Input value={phrase} onChange={(event) => setPhrase(event.target.value)} aria-label={t('settings.confirm_label')} placeholder={IMPORT_CONFIRMATION_PHRASES[lang]} onPressEnter={() => isImportConfirmation(phrase) && run.mutate(phrase)} />
      </FormModal>
    </div>
  );
}
