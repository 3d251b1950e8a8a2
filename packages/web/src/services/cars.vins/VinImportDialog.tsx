import { useMemo, useState } from 'react';
import { Alert, Button, Grid, Modal, Result, Segmented, Space, Statistic, Steps, Tag, Typography, Upload, type TableColumnsType } from 'antd';
import { DownloadOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { VIN_IMPORT_COLUMNS, VIN_IMPORT_LIMITS, auditResource, hasAnyPermission, vinDataResource, vinImportTemplate, type AnyResource, type FileImportRow, type VinImportReport } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { errorTitle, gatewayPath } from '../../kit/api.ts';
import { queryKeys } from '../../kit/queryKeys.ts';
import { uploadFiles } from '../sites.context/site-api.ts';
import './vins.css';
import { saveFile } from '../../kit/save-file.ts';
import { DataTable } from '../../kit/DataTable.tsx';

type Shown = 'all' | FileImportRow['status'];
const STATUS_COLORS: Record<FileImportRow['status'], string> = { create: 'green', update: 'blue', unchanged: 'default', error: 'red' };
const MB = 1024 * 1024;

/** The template made in the browser: the column names and an example row. */
function downloadTemplate() {
  saveFile(new Blob([vinImportTemplate()], { type: 'text/csv;charset=utf-8' }), 'vin_data.csv');
}

/**
 * The VIN data import (spec 001 §7) in two steps, like the catalogue's: choose a CSV or XLSX file,
 * see what each row would do (create, change, nothing) or why it cannot, then write the rows
 * without errors. A large file's report lists the rows with errors and the first of the others.
 */
export function VinImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['cars.vins', 'common']);
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [report, setReport] = useState<VinImportReport | null>(null);
  const [shown, setShown] = useState<Shown>('all');
  const narrow = Grid.useBreakpoint().md === false;
  const send = (apply: boolean) => uploadFiles(gatewayPath('cars.vins', `import/vin_data${apply ? '' : '/preview'}`), { file: file! }) as unknown as Promise<VinImportReport>;

  const preview = useMutation({
    mutationFn: () => send(false),
    onSuccess: (result) => {
      setReport(result);
      setShown(result.errors > 0 ? 'error' : 'all');
    },
    onError: (error) => setFileError(errorTitle(error)),
  });
  const apply = useMutation({
    mutationFn: () => send(true),
    onSuccess: async (result) => {
      setReport(result);
      setShown('all');
      await Promise.all([vinDataResource, auditResource].map((resource) => queryClient.invalidateQueries({ queryKey: queryKeys.resource(resource as unknown as AnyResource).all })));
      notify.success(t('import.applied_notice'));
    },
    onError: (error) => notify.error(errorTitle(error)),
  });

  const rows = useMemo(() => (report?.rows ?? []).filter((row) => shown === 'all' || row.status === shown), [report, shown]);
  const step = report?.applied ? 2 : report ? 1 : 0;
  const choose = (chosen: File) => {
    setFileError(chosen.size > VIN_IMPORT_LIMITS.maxBytes ? t('import.too_large', { size: VIN_IMPORT_LIMITS.maxBytes / MB }) : null);
    setFile(chosen);
    setReport(null);
    return false;
  };

  const status = (row: FileImportRow) => <Tag color={STATUS_COLORS[row.status]}>{t(`import.statuses.${row.status}`)}</Tag>;
  const messages = (row: FileImportRow) =>
    row.errors.length ? (
      <ul className="vin-import__messages">
        {row.errors.map((error, index) => (
          <li key={index}>
            <Typography.Text code>{error.field}</Typography.Text> {error.message}
          </li>
        ))}
      </ul>
    ) : (
      <Typography.Text type="secondary">—</Typography.Text>
    );
  // The row's cells as read (never evaluated): "column: value", one per line.
  const values = (row: FileImportRow) => (
    <div className="vin-import__values">
      {VIN_IMPORT_COLUMNS.map((column) =>
        row.values[column.name] ? (
          <Typography.Text key={column.name} ellipsis={{ tooltip: row.values[column.name] }}>
            <Typography.Text type="secondary">{column.name}:</Typography.Text> {row.values[column.name]}
          </Typography.Text>
        ) : null,
      )}
    </div>
  );
  const tableColumns: TableColumnsType<FileImportRow> = narrow
    ? [
        { key: 'row', dataIndex: 'row', title: t('import.columns.row'), width: 72 },
        { key: 'all', title: t('import.columns.values'), render: (_v, row) => <div>{values(row)}<div className="vin-import__check">{status(row)}{row.errors.length ? messages(row) : null}</div></div> },
      ]
    : [
        { key: 'row', dataIndex: 'row', title: t('import.columns.row'), width: 80 },
        { key: 'values', title: t('import.columns.values'), width: 340, render: (_v, row) => values(row) },
        { key: 'status', title: t('import.columns.status'), width: 140, render: (_v, row) => status(row) },
        { key: 'errors', title: t('import.columns.messages'), render: (_v, row) => messages(row) },
      ];

  const footer =
    step === 0 ? (
      <Space>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        <Button type="primary" disabled={!file || !!fileError} loading={preview.isPending} onClick={() => preview.mutate()}>
          {t('import.check')}
        </Button>
      </Space>
    ) : step === 1 ? (
      <Space wrap>
        <Button onClick={() => setReport(null)}>{t('import.other_file')}</Button>
        <Button type="primary" disabled={report!.create + report!.update === 0} loading={apply.isPending} onClick={() => apply.mutate()}>
          {t('import.apply', { count: report!.create + report!.update })}
        </Button>
      </Space>
    ) : (
      <Button type="primary" onClick={onClose}>{t('import.done')}</Button>
    );

  return (
    <Modal open title={t('import.title')} width={1000} onCancel={onClose} footer={footer} destroyOnHidden className="vin-import">
      <Steps size="small" responsive={false} current={step} items={[{ title: t('import.step_file') }, { title: t('import.step_check') }, { title: t('import.step_done') }]} className="vin-import__steps" />
      {step === 0 && (
        <>
          <Typography.Paragraph>
            {t('import.format', {
              rows: VIN_IMPORT_LIMITS.maxRows.toLocaleString(),
              size: VIN_IMPORT_LIMITS.maxBytes / MB,
              columns: VIN_IMPORT_COLUMNS.map((column) => column.name).join(', '),
              required: VIN_IMPORT_COLUMNS.filter((column) => column.required).map((column) => column.name).join(', '),
            })}
          </Typography.Paragraph>
          <Button type="link" icon={<DownloadOutlined aria-hidden />} onClick={downloadTemplate} className="vin-import__template">
            {t('import.template')}
          </Button>
          <Upload.Dragger accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" multiple={false} maxCount={1} beforeUpload={choose} onRemove={() => setFile(null)} fileList={file ? [{ uid: 'file', name: file.name, status: 'done' }] : []} aria-label={t('import.choose')}>
            <p className="ant-upload-drag-icon"><InboxOutlined aria-hidden /></p>
            <p className="ant-upload-text">{t('import.choose')}</p>
            <p className="ant-upload-hint">{t('import.choose_hint')}</p>
          </Upload.Dragger>
          {fileError && <Alert type="error" showIcon title={fileError} className="vin-import__alert" role="alert" />}
        </>
      )}
      {report && (
        <>
          {report.applied ? (
            <Result
              status={report.create + report.update > 0 ? 'success' : 'warning'}
              title={t('import.applied', { create: report.create, update: report.update })}
              subTitle={t('import.applied_hint', { unchanged: report.unchanged, errors: report.errors })}
              className="vin-import__result"
            />
          ) : (
            <Alert type={report.errors > 0 ? 'warning' : 'success'} showIcon title={report.errors > 0 ? t('import.check_warning') : t('import.check_ok')} className="vin-import__alert" />
          )}
          <Space size={narrow ? 16 : 32} wrap className="vin-import__stats">
            <Statistic title={t('import.total')} value={report.total} />
            <Statistic title={t('import.create')} value={report.create} styles={{ content: { color: '#389e0d' } }} />
            <Statistic title={t('import.update')} value={report.update} styles={{ content: { color: '#0958d9' } }} />
            <Statistic title={t('import.unchanged')} value={report.unchanged} />
            <Statistic title={t('import.errors')} value={report.errors} styles={{ content: { color: report.errors ? '#cf1322' : undefined } }} />
          </Space>
          {report.rows_omitted > 0 && <Typography.Paragraph type="secondary">{t('import.omitted', { count: report.rows_omitted })}</Typography.Paragraph>}
          <Segmented
            value={shown}
            onChange={(value) => setShown(value as Shown)}
            options={(['all', 'error', 'create', 'update', 'unchanged'] as const).map((value) => ({ value, label: t(`import.show.${value}`) }))}
            className="vin-import__filter"
          />
          <DataTable<FileImportRow>
            rowKey="row"
            size="small"
            dataSource={rows}
            pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
            scroll={{ x: narrow ? undefined : 800 }}
            tableLayout="fixed"
            columns={tableColumns}
          />
        </>
      )}
    </Modal>
  );
}

/** The header button opening the import, for holders of vin_data.import. */
export function VinImportButton() {
  const { t } = useTranslation('cars.vins');
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  if (!hasAnyPermission(user?.permissions ?? {}, 'cars.vins', ['vin_data.import'])) return null;
  return (
    <>
      <Button icon={<UploadOutlined aria-hidden />} onClick={() => setOpen(true)}>
        {t('import.button')}
      </Button>
      {open && <VinImportDialog onClose={() => setOpen(false)} />}
    </>
  );
}
