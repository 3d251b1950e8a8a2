import { useEffect } from 'react';
import { Form, Input, InputNumber, Select, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AccessoryAttributeType } from '@dp/contracts';
import { useClientAttributes } from './accessories-api.ts';

type Value = string | string[] | number | boolean;

/** A field whose value is fixed by the screen (the site of a new accessory, the client of a new category): set once, shown as text. */
export function FixedField({ fixed, text, value, onChange, ...rest }: { fixed: unknown; text: string; value?: unknown; onChange?: (value: unknown) => void; id?: string; 'aria-label'?: string }) {
  useEffect(() => {
    if (value !== fixed) onChange?.(fixed);
  }, [fixed, value, onChange]);
  return (
    <Typography.Text id={rest.id} aria-label={rest['aria-label']}>
      {text}
    </Typography.Text>
  );
}

/** The input of one attribute's value by its type: text, a list of texts, a number, yes/no. */
export function AttributeValueInput({ type, value, onChange, label }: { type: AccessoryAttributeType; value: unknown; onChange: (value: Value | undefined) => void; label: string }) {
  switch (type) {
    case 'number':
      return <InputNumber aria-label={label} value={typeof value === 'number' ? value : null} onChange={(next) => onChange(next === null ? undefined : Number(next))} style={{ width: '100%' }} />;
    case 'boolean':
      return <Switch aria-label={label} checked={value === true} onChange={(next) => onChange(next)} />;
    case 'array':
      return <Select aria-label={label} mode="tags" value={Array.isArray(value) ? value : []} onChange={(next: string[]) => onChange(next.length ? next : undefined)} open={false} style={{ width: '100%' }} />;
    default:
      return <Input aria-label={label} value={typeof value === 'string' ? value : ''} onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)} maxLength={500} />;
  }
}

/** An attribute's default value: the input of the type chosen in the same form (or the record's). */
export function DefaultValueField({ recordType, value, onChange, ...rest }: { recordType?: AccessoryAttributeType; value?: unknown; onChange?: (value: unknown) => void; 'aria-label'?: string }) {
  const { t } = useTranslation('accessories.showroom');
  const form = Form.useFormInstance();
  const chosen = Form.useWatch('type', form) as AccessoryAttributeType | undefined;
  const type = recordType ?? chosen;
  if (!type) return <Typography.Text type="secondary">{t('attributes.choose_type')}</Typography.Text>;
  return <AttributeValueInput type={type} value={value} onChange={(next) => onChange?.(next ?? null)} label={rest['aria-label'] ?? ''} />;
}

/** An accessory's attribute values: one input per attribute its client may use, by the attribute's type. */
export function AttributeValuesField({ clientId, value, onChange, ...rest }: { clientId: number | null; value?: Record<string, Value>; onChange?: (value: Record<string, Value>) => void; id?: string; 'aria-label'?: string }) {
  const { t } = useTranslation('accessories.showroom');
  const attributes = useClientAttributes(clientId);
  const values = value ?? {};
  const rows = attributes.data?.data ?? [];
  if (attributes.isPending) return <Typography.Text type="secondary">{t('common:loading', { defaultValue: '…' })}</Typography.Text>;
  if (!rows.length) return <Typography.Text type="secondary">{t('accessories.no_attributes')}</Typography.Text>;
  return (
    <Space direction="vertical" style={{ width: '100%' }} id={rest.id} aria-label={rest['aria-label']} role="group">
      {rows.map((row) => {
        const code = String(row.attributes.code);
        const name = String(row.attributes.name);
        return (
          <div key={row.id} className="accessory-attribute">
            <Typography.Text className="accessory-attribute__name">{name}</Typography.Text>
            <AttributeValueInput
              type={row.attributes.type as AccessoryAttributeType}
              value={values[code]}
              label={name}
              onChange={(next) => {
                const copy = { ...values };
                if (next === undefined) delete copy[code];
                else copy[code] = next;
                onChange?.(copy);
              }}
            />
          </div>
        );
      })}
    </Space>
  );
}
