import { useMemo, useState } from 'react';
import { Button, Input, Modal, Tag, Tooltip, Typography } from 'antd';
import { ClearOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { VIN_PATTERN, hasAnyPermission, vinAllowedClientResource, vinDataResource, vinProfileResource, type AnyResource } from '@dp/contracts';
import { notify } from '../../app/notify.ts';
import { useSession } from '../../app/session.ts';
import { api, errorTitle, gatewayPath } from '../../kit/api.ts';
import { queryKeys } from '../../kit/queryKeys.ts';
import { IconButton } from '../../kit/IconButton.tsx';
import { ResourceListPage } from '../../kit/ResourceListPage.tsx';
import { ResourceListExtras, type ResourceListExtrasValue } from '../../kit/resourceListExtras.ts';
import { currentLang } from '../../app/i18n.ts';
import { VinImportButton } from './VinImportDialog.tsx';
import './vins.css';
import { FormModal } from '../../kit/unsaved.tsx';

/**
 * The cars.vins screens (spec 001 §2 /cars.vins/vins/, /profiles/, /clients/): VIN data with its
 * import and "invalidate images" (a record's, or a list of VINs'), retrieval profiles, the clients
 * allowed VIN data.
 */
const asResource = (resource: unknown) => resource as AnyResource;
const vinData = asResource(vinDataResource);
const INVALIDATE = gatewayPath('cars.vins', 'vin_data/invalidate_images');

function useInvalidate() {
  const { t } = useTranslation('cars.vins');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: { ids?: number[]; vins?: string[] }) => api.post<{ data: { invalidated: number } }>(INVALIDATE, data),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.resource(vinData).all });
      notify.success(t('vin_data.invalidate_many_done', { count: (result as { data?: { invalidated?: number } })?.data?.invalidated ?? 0 }));
    },
    onError: (error) => notify.error(errorTitle(error, currentLang())),
  });
}

/** A record's image set, with "reset" after a confirmation for holders of vin_data.patch. */
function ImagesCell({ id, vin, value, canReset }: { id: string; vin: string; value: unknown; canReset: boolean }) {
  const { t } = useTranslation('cars.vins');
  const invalidate = useInvalidate();
  if (value === null || value === undefined || value === '') return <Typography.Text type="secondary">{t('vin_data.no_images')}</Typography.Text>;
  return (
    <span className="vin-images">
      <Typography.Text ellipsis={{ tooltip: String(value) }}>{String(value)}</Typography.Text>
      {canReset && (
        <IconButton
          size="small"
          type="text"
          icon={<ClearOutlined aria-hidden />}
          aria-label={`${t('vin_data.invalidate')} ${vin}`}
          title={t('vin_data.invalidate')}
          loading={invalidate.isPending}
          confirm={{ title: t('vin_data.invalidate_confirm', { vin }), okText: t('vin_data.invalidate') }}
          onConfirm={() => invalidate.mutateAsync({ ids: [Number(id)] })}
        />
      )}
    </span>
  );
}

/** "Reset images by VIN": a list of VINs typed or pasted, checked before sending. */
function InvalidateByVinButton() {
  const { t } = useTranslation(['cars.vins', 'common']);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const invalidate = useInvalidate();
  const submit = async () => {
    const vins = [...new Set(text.split(/[\s,;]+/).map((one) => one.trim().toUpperCase()).filter(Boolean))];
    const bad = vins.filter((one) => !VIN_PATTERN.test(one));
    if (!vins.length) return setError(t('vin_data.invalidate_many_empty'));
    if (bad.length) return setError(t('vin_data.invalidate_many_bad', { vins: bad.slice(0, 5).join(', ') }));
    await invalidate.mutateAsync({ vins: vins.slice(0, 1000) });
    setOpen(false);
    setText('');
  };
  return (
    <>
      <Button icon={<ClearOutlined aria-hidden />} onClick={() => setOpen(true)}>
        {t('vin_data.invalidate_many')}
      </Button>
      <FormModal open={open} title={t('vin_data.invalidate_many_title')} okText={t('vin_data.invalidate')} cancelText={t('common:actions.cancel')} onCancel={() => setOpen(false)} onOk={() => void submit().catch(() => undefined)} confirmLoading={invalidate.isPending} destroyOnHidden>
        <Typography.Paragraph type="secondary">{t('vin_data.invalidate_many_hint')}</Typography.Paragraph>
        <Input.TextArea
          rows={5}
          value={text}
          aria-label={t('vin_data.invalidate_many_label')}
          status={error ? 'error' : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
        />
        {error && (
          <Typography.Text type="danger" role="alert">
            {error}
          </Typography.Text>
        )}
      </FormModal>
    </>
  );
}

export function VinDataPage() {
  const { user } = useSession();
  const canReset = hasAnyPermission(user?.permissions ?? {}, 'cars.vins', ['vin_data.patch']);
  const extras = useMemo<ResourceListExtrasValue>(
    () => ({
      headerExtra: (
        <>
          <VinImportButton />
          {canReset && <InvalidateByVinButton />}
        </>
      ),
      cellRenderers: {
        vin: (value) => <span className="vin-cell">{String(value)}</span>,
        option_codes: (value) => {
          const codes = Array.isArray(value) ? (value as string[]) : [];
          if (!codes.length) return <Typography.Text type="secondary">—</Typography.Text>;
          return (
            <span className="vin-codes">
              {codes.slice(0, 3).map((code) => <Tag key={code}>{code}</Tag>)}
              {codes.length > 3 && <Tooltip title={codes.slice(3).join(', ')}><Tag>+{codes.length - 3}</Tag></Tooltip>}
            </span>
          );
        },
        images_id: (value, record) => <ImagesCell id={record.id} vin={String(record.attributes.vin)} value={value} canReset={canReset} />,
      },
    }),
    [canReset],
  );
  return (
    <ResourceListExtras.Provider value={extras}>
      <ResourceListPage resource={vinData} />
    </ResourceListExtras.Provider>
  );
}

export function VinProfilesPage() {
  return <ResourceListPage resource={asResource(vinProfileResource)} />;
}

export function VinClientsPage() {
  return <ResourceListPage resource={asResource(vinAllowedClientResource)} />;
}
