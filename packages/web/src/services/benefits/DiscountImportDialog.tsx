import { useMemo, useState } from 'react';
import { Alert, Button, Grid, Input, Modal, Segmented, Select, Space, Steps, Tag, Typography, Upload, type TableColumnsType } from 'antd';
import { DownloadOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DISCOUNT_IMPORT_COLUMNS,
  DISCOUNT_IMPORT_LIMITS,
  discountImportTemplate,
  discountResource,
  hasAnyPermission,
  type AnyResource,
  type FileImportReport,
  type FileImportRow,
} from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle, gatewayPath } from '../../kit/api.ts';
import { queryKeys } from '../../kit/queryKeys.ts';
import { useRefOptions } from '../../kit/useResourceList.ts';
import { uploadFiles } from '../sites.context/site-api.ts';
import { saveFile } from '../../kit/save-file.ts';
import { ImportReportView } from '../../kit/ImportReportView.tsx';

const clientRef = { service: 'clients.storage', name: 'clients', label: 'name' } as const;
type Source = 'file' | 'link';
const STATUS_COLORS: Record<FileImportRow['status'], string> = { create: 'green', update: 'blue', unchanged: 'default', error: 'red' };

function downloadTemplate() {
  saveFile(new Blob([discountImportTemplate()], { type: 'text/csv;charset=utf-8' }), 'discounts.csv');
}

/**
 * The import of discounts (spec 001 §2, §5): a CSV or XLSX file or a link to a published
 * spreadsheet (Google Sheets or any http(s) file), the client for staff and users of several
 * clients; a check shows what each row would do or why it cannot, then the rows without errors
 * are imported and the report stays on screen.
 */
export function DiscountImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['benefits', 'common']);
  const { user } = useSession();
  const queryClient = useQueryClient();
  const choosesClient = !!user && (user.internal || user.clients.length > 1);
  const clients = useRefOptions(choosesClient ? clientRef : undefined);
  const [clientId, setClientId] = useState<number | undefined>(user?.client?.id ?? undefined);
  const [source, setSource] = useState<Source>('file');
  const [file, setFile] = useState<File | null>(null);
  const [link, setLink] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [report, setReport] = useState<FileImportReport | null>(null);
  const narrow = Grid.useBreakpoint().md === false;

  const send = async (apply: boolean): Promise<FileImportReport> => {
    const suffix = apply ? '' : '/preview';
    if (source === 'link') {
      return api.post<FileImportReport>(gatewayPath('benefits', `import/discounts/from/google_sheet${suffix}`), { fileUrl: link.trim(), ...(clientId ? { client_id: clientId } : {}) });
    }
    const kind = file!.name.toLowerCase().endsWith('.xlsx') ? 'xlsx' : 'csv';
    const parts: Record<string, File | string> = { file: file! };
    if (clientId) parts.client_id = String(clientId);
    return (await uploadFiles(gatewayPath('benefits', `import/discounts/${kind}${suffix}`), parts)) as unknown as FileImportReport;
  };
  // The spec's messages when nothing is given (§5): select a file, provide a link.
  const missing = () => (source === 'file' && !file ? t('import.select_file') : source === 'link' && !link.trim() ? t('import.provide_link') : choosesClient && !clientId ? t('import.choose_client') : null);
  const preview = useMutation({ mutationFn: () => send(false), onSuccess: setReport, onError: (error) => setProblem(errorTitle(error)) });
  const apply = useMutation({
    mutationFn: () => send(true),
    onSuccess: async (result) => {
      // The apply's report leaves out the cells of the rows it wrote: the check's report has them.
      const checked = new Map((report?.rows ?? []).map((row) => [row.row, row.values]));
      setReport({ ...result, rows: result.rows.map((row) => (Object.keys(row.values).length ? row : { ...row, values: checked.get(row.row) ?? row.values })) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.resource(discountResource as unknown as AnyResource).all });
      notify.success(t('import.applied_notice', { create: result.create, update: result.update }));
    },
    onError: (error) => notify.error(errorTitle(error)),
  });
  const check = () => {
    const why = missing();
    setProblem(why);
    if (!why) preview.mutate();
  };
  const step = report?.applied ? 2 : report ? 1 : 0;
  const rows = useMemo(() => [...(report?.rows ?? [])].sort((a, b) => Number(b.status === 'error') - Number(a.status === 'error') || a.row - b.row), [report]);
  const choose = (chosen: File) => {
    setProblem(chosen.size > DISCOUNT_IMPORT_LIMITS.maxBytes ? t('import.too_large', { size: DISCOUNT_IMPORT_LIMITS.maxBytes / 1024 / 1024 }) : null);
    setFile(chosen);
    setReport(null);
    return false;
  };
  const values = (row: FileImportRow) =>
    [row.values.marketing_complectation_code, row.values.program_code, row.values.discount_sum, [row.values.start_date, row.values.end_date].filter(Boolean).join(' — ')].filter(Boolean).join(' · ') || '—';
  const status = (row: FileImportRow) => <Tag color={STATUS_COLORS[row.status]}>{t(`import.statuses.${row.status}`)}</Tag>;
  const columnName = (field: string) => t(`import.fields.${field}`, { defaultValue: field });
  const messages = (row: FileImportRow) =>
    row.errors.length ? (
      <ul className="benefits-import__messages">
        {row.errors.map((error, index) => (
          <li key={index}>
            <Typography.Text strong>{columnName(error.field)}:</Typography.Text> {error.message}
          </li>
        ))}
      </ul>
    ) : null;
  const columns: TableColumnsType<FileImportRow> = narrow
    ? [
        { key: 'row', dataIndex: 'row', title: t('import.columns.row'), width: 64 },
        { key: 'all', title: t('import.columns.discount'), render: (_v, row) => <div>{values(row)} {status(row)}{messages(row)}</div> },
      ]
    : [
        { key: 'row', dataIndex: 'row', title: t('import.columns.row'), width: 80 },
        { key: 'values', title: t('import.columns.discount'), width: 360, render: (_v, row) => values(row) },
        { key: 'status', title: t('import.columns.status'), width: 150, render: (_v, row) => status(row) },
        { key: 'errors', title: t('import.columns.messages'), render: (_v, row) => messages(row) ?? <Typography.Text type="secondary">—</Typography.Text> },
      ];
  const writable = report ? report.create + report.update : 0;
  const footer =
    step === 0 ? (
      <Space>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        <Button type="primary" loading={preview.isPending} onClick={check}>
          {t('import.check')}
        </Button>
      </Space>
    ) : step === 1 ? (
      <Space wrap>
        <Button onClick={() => setReport(null)}>{t('import.back')}</Button>
        <Button type="primary" disabled={writable === 0} loading={apply.isPending} onClick={() => apply.mutate()}>
          {t('import.apply', { count: writable })}
        </Button>
      </Space>
    ) : (
      <Button type="primary" onClick={onClose}>
        {t('import.done')}
      </Button>
    );
  return (
    <Modal open title={t('import.title')} width={980} onCancel={onClose} footer={footer} destroyOnHidden>
      <Steps size="small" responsive={false} current={step} items={[{ title: t('import.step_source') }, { title: t('import.step_check') }, { title: t('import.step_done') }]} style={{ marginBottom: 16 }} />
      {step === 0 && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {choosesClient && (
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              aria-label={t('import.client')}
              placeholder={t('import.client')}
              value={clientId}
              options={clients.options}
              loading={clients.isFetching}
              onChange={(next: number) => setClientId(next)}
              style={{ width: '100%' }}
            />
          )}
          <Segmented<Source>
            value={source}
            onChange={(next) => {
              setSource(next);
              setProblem(null);
            }}
            options={[
              { value: 'file', label: t('import.source_file') },
              { value: 'link', label: t('import.source_link') },
            ]}
          />
          <Typography.Paragraph>
            {t('import.format', {
              rows: DISCOUNT_IMPORT_LIMITS.maxRows.toLocaleString(),
              columns: DISCOUNT_IMPORT_COLUMNS.map((column) => column.name).join(', '),
              required: DISCOUNT_IMPORT_COLUMNS.filter((column) => column.required).map((column) => column.name).join(', '),
            })}
          </Typography.Paragraph>
          <Button type="link" icon={<DownloadOutlined aria-hidden />} onClick={downloadTemplate} style={{ paddingLeft: 0 }}>
            {t('import.template')}
          </Button>
          {source === 'file' ? (
            <Upload.Dragger
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              multiple={false}
              maxCount={1}
              beforeUpload={choose}
              onRemove={() => setFile(null)}
              fileList={file ? [{ uid: 'file', name: file.name, status: 'done' }] : []}
              aria-label={t('import.choose')}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined aria-hidden />
              </p>
              <p className="ant-upload-text">{t('import.choose')}</p>
            </Upload.Dragger>
          ) : (
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Input
                aria-label={t('import.link')}
                placeholder="https://docs.google.com/spreadsheets/d/…/edit"
                value={link}
                maxLength={2048}
                onChange={(event) => {
                  setLink(event.target.value);
                  setProblem(null);
                }}
                onPressEnter={check}
              />
              <Typography.Text type="secondary">{t('import.link_hint')}</Typography.Text>
            </Space>
          )}
          {problem && <Alert type="error" showIcon title={problem} role="alert" />}
        </Space>
      )}
      {report && (
        <ImportReportView
          report={report}
          rows={rows}
          columns={columns}
          narrow={narrow}
          t={t}
          counts={['create', 'update', 'unchanged']}
          applied={{ title: t('import.applied', { create: report.create, update: report.update }), subTitle: report.errors ? t('import.applied_errors', { count: report.errors }) : undefined }}
        />
      )}
    </Modal>
  );
}

/** The header button of the discounts list, for holders of discounts.create. */
export function DiscountImportButton() {
  const { t } = useTranslation('benefits');
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  if (!hasAnyPermission(user?.permissions ?? {}, 'benefits', ['discounts.create'])) return null;
  return (
    <>
      <Button icon={<UploadOutlined aria-hidden />} onClick={() => setOpen(true)}>
        {t('import.button')}
      </Button>
      {open && <DiscountImportDialog onClose={() => setOpen(false)} />}
    </>
  );
}
