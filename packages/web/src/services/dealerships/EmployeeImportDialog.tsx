import { useMemo, useState } from 'react';
import { Alert, Button, Grid, Modal, Select, Space, Steps, Tag, Typography, Upload, type TableColumnsType } from 'antd';
import { DownloadOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EMPLOYEE_IMPORT_COLUMNS, EMPLOYEE_IMPORT_LIMITS, departmentRef, employeeImportTemplate, employeeResource, hasAnyPermission, type AnyResource, type FileImportReport, type FileImportRow } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { errorTitle, gatewayPath } from '../../kit/api.ts';
import { queryKeys } from '../../kit/queryKeys.ts';
import { useRefOptions } from '../../kit/useResourceList.ts';
import { uploadFiles } from '../sites.context/site-api.ts';
import { saveFile } from '../../kit/save-file.ts';
import { ImportReportView } from '../../kit/ImportReportView.tsx';

/** The template made in the browser: the column names and an example row. */
function downloadTemplate() {
  saveFile(new Blob([employeeImportTemplate()], { type: 'text/csv;charset=utf-8' }), 'employees.csv');
}

/**
 * The import of a department's employees (spec 001 §2) in two steps: choose the department and a
 * CSV or XLSX file, see what each row would do or why it cannot, then import every row (a file
 * with any error imports nothing).
 */
export function EmployeeImportDialog({ onClose, department: initial }: { onClose: () => void; department?: number }) {
  const { t } = useTranslation(['dealerships', 'common']);
  const queryClient = useQueryClient();
  const departments = useRefOptions(departmentRef);
  const [department, setDepartment] = useState<number | undefined>(initial);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [report, setReport] = useState<FileImportReport | null>(null);
  const narrow = Grid.useBreakpoint().md === false;
  const send = (apply: boolean) => uploadFiles(gatewayPath('dealerships', `departments/${department}/import_employees${apply ? '' : '/preview'}`), { file: file! }) as unknown as Promise<FileImportReport>;
  const preview = useMutation({ mutationFn: () => send(false), onSuccess: setReport, onError: (error) => setFileError(errorTitle(error)) });
  const apply = useMutation({
    mutationFn: () => send(true),
    onSuccess: async (result) => {
      setReport(result);
      await queryClient.invalidateQueries({ queryKey: queryKeys.resource(employeeResource as unknown as AnyResource).all });
      notify.success(t('import.applied_notice', { count: result.create }));
    },
    onError: (error) => notify.error(errorTitle(error)),
  });
  const step = report?.applied ? 2 : report ? 1 : 0;
  const rows = useMemo(() => [...(report?.rows ?? [])].sort((a, b) => Number(b.status === 'error') - Number(a.status === 'error') || a.row - b.row), [report]);
  const choose = (chosen: File) => {
    setFileError(chosen.size > EMPLOYEE_IMPORT_LIMITS.maxBytes ? t('import.too_large', { size: EMPLOYEE_IMPORT_LIMITS.maxBytes / 1024 / 1024 }) : null);
    setFile(chosen);
    setReport(null);
    return false;
  };
  const values = (row: FileImportRow) => [row.values.last_name_ru, row.values.first_name_ru, row.values.position_ru].filter(Boolean).join(' · ') || '—';
  const status = (row: FileImportRow) => <Tag color={row.status === 'error' ? 'red' : 'green'}>{t(`import.statuses.${row.status === 'error' ? 'error' : 'create'}`)}</Tag>;
  const messages = (row: FileImportRow) =>
    row.errors.length ? (
      <ul className="employee-import__messages">
        {row.errors.map((error, index) => (
          <li key={index}>
            <Typography.Text code>{error.field}</Typography.Text> {error.message}
          </li>
        ))}
      </ul>
    ) : null;
  const columns: TableColumnsType<FileImportRow> = narrow
    ? [
        { key: 'row', dataIndex: 'row', title: t('import.columns.row'), width: 64 },
        { key: 'all', title: t('import.columns.employee'), render: (_v, row) => <div>{values(row)} {status(row)}{messages(row)}</div> },
      ]
    : [
        { key: 'row', dataIndex: 'row', title: t('import.columns.row'), width: 80 },
        { key: 'values', title: t('import.columns.employee'), width: 320, render: (_v, row) => values(row) },
        { key: 'status', title: t('import.columns.status'), width: 140, render: (_v, row) => status(row) },
        { key: 'errors', title: t('import.columns.messages'), render: (_v, row) => messages(row) ?? <Typography.Text type="secondary">—</Typography.Text> },
      ];
  const footer =
    step === 0 ? (
      <Space>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        <Button type="primary" disabled={!file || !department || !!fileError} loading={preview.isPending} onClick={() => preview.mutate()}>
          {t('import.check')}
        </Button>
      </Space>
    ) : step === 1 ? (
      <Space wrap>
        <Button onClick={() => setReport(null)}>{t('import.other_file')}</Button>
        <Button type="primary" disabled={report!.errors > 0 || report!.create === 0} loading={apply.isPending} onClick={() => apply.mutate()}>
          {t('import.apply', { count: report!.create })}
        </Button>
      </Space>
    ) : (
      <Button type="primary" onClick={onClose}>{t('import.done')}</Button>
    );
  return (
    <Modal open title={t('import.title')} width={960} onCancel={onClose} footer={footer} destroyOnHidden>
      <Steps size="small" responsive={false} current={step} items={[{ title: t('import.step_file') }, { title: t('import.step_check') }, { title: t('import.step_done') }]} style={{ marginBottom: 16 }} />
      {step === 0 && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={t('employees.fields.department_id')}
            placeholder={t('employees.fields.department_id')}
            value={department}
            options={departments.options}
            loading={departments.isFetching}
            onChange={(next: number) => setDepartment(next)}
            style={{ width: '100%' }}
          />
          <Typography.Paragraph>
            {t('import.format', {
              rows: EMPLOYEE_IMPORT_LIMITS.maxRows,
              columns: EMPLOYEE_IMPORT_COLUMNS.map((column) => column.name).join(', '),
              required: EMPLOYEE_IMPORT_COLUMNS.filter((column) => column.required).map((column) => column.name).join(', '),
            })}
          </Typography.Paragraph>
          <Button type="link" icon={<DownloadOutlined aria-hidden />} onClick={downloadTemplate} style={{ paddingLeft: 0 }}>
            {t('import.template')}
          </Button>
          <Upload.Dragger accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" multiple={false} maxCount={1} beforeUpload={choose} onRemove={() => setFile(null)} fileList={file ? [{ uid: 'file', name: file.name, status: 'done' }] : []} aria-label={t('import.choose')}>
            <p className="ant-upload-drag-icon"><InboxOutlined aria-hidden /></p>
            <p className="ant-upload-text">{t('import.choose')}</p>
          </Upload.Dragger>
          {fileError && <Alert type="error" showIcon title={fileError} role="alert" />}
        </Space>
      )}
      {report && <ImportReportView report={report} rows={rows} columns={columns} narrow={narrow} t={t} counts={['create']} applied={{ title: t('import.applied', { count: report.create }) }} />}
    </Modal>
  );
}

/** The header button of the employees and departments lists, for holders of employees.create. */
export function EmployeeImportButton() {
  const { t } = useTranslation('dealerships');
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  if (!hasAnyPermission(user?.permissions ?? {}, 'dealerships', ['employees.create'])) return null;
  return (
    <>
      <Button icon={<UploadOutlined aria-hidden />} onClick={() => setOpen(true)}>
        {t('import.button')}
      </Button>
      {open && <EmployeeImportDialog onClose={() => setOpen(false)} />}
    </>
  );
}
