import { useRef, useState, type DragEvent } from 'react';
import { Button, Card, Dropdown, Empty, Input, Tag, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FIELD_TYPES, type FieldType, type FormChoices, type FormPalette, type Lang } from '@dp/contracts';
import { addField, addRow, moveField, moveFieldBy, moveRow, newField, removeField, removeRow, renameRow, updateField, type BuilderForm } from './builder.ts';
import { FieldSettings } from './FieldSettings.tsx';
import { FormPreview } from './FormPreview.tsx';
import './form-constructor.css';
import { IconButton } from '../../kit/IconButton.tsx';

/**
 * The form builder (spec 002 §2 /form-constructor/{siteId}/create and /edit/{formId}): rows of
 * fields on the left, reordered by dragging (within a row and between rows) or with the up and
 * down buttons (the keyboard's way); the chosen field's settings in the middle; the live preview
 * of the form as the site shows it on the right (below each other on narrow screens).
 */
export interface FormBuilderProps {
  value: BuilderForm;
  onChange(next: BuilderForm): void;
  choices: FormChoices;
  /** The site's language and colours: the preview speaks and looks like the site. */
  lang: Lang;
  palette: FormPalette;
  /** Errors by path below the attributes (`fields/2/label`, `grid/0/fields/1`, `title`). */
  errors: Record<string, string>;
  readOnly?: boolean;
}

/** The errors of one field: its settings' keys (`phone_codes/0` counts as `phone_codes`). */
export function fieldErrors(errors: Record<string, string>, index: number): Record<string, string> {
  const prefix = `fields/${index}/`;
  const result: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    if (!path.startsWith(prefix)) continue;
    const key = path.slice(prefix.length).split('/')[0]!;
    result[key] ??= message;
  }
  return result;
}

export function FormBuilder({ value, onChange, choices, lang, palette, errors, readOnly = false }: FormBuilderProps) {
  const { t } = useTranslation('form-constructor');
  const [selected, setSelected] = useState<string | null>(value.fields[0]?.id ?? null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const settingsRef = useRef<HTMLDivElement>(null);
  /** Chooses a field; on a phone the settings are below the rows, so they are brought into view. */
  const choose = (id: string) => {
    setSelected(id);
    if (typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 767px)').matches) settingsRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };
  const byId = new Map(value.fields.map((field, index) => [field.id, { field, index }]));
  const current = selected ? byId.get(selected) : undefined;

  const add = (row: number, type: FieldType) => {
    const field = newField(type, t(`field_types.${type}`), value.fields, t('builder.option'));
    onChange(addField(value, row, field));
    setSelected(field.id);
  };
  const draggedId = (event: DragEvent) => event.dataTransfer.getData('text/plain') || dragging;
  const dropOn = (event: DragEvent, row: number, beforeId: string | null) => {
    event.preventDefault();
    event.stopPropagation();
    const id = draggedId(event);
    setDragging(null);
    setOver(null);
    if (!id || id === beforeId || !byId.has(id)) return;
    const rest = value.grid[row]!.fields.filter((ref) => ref !== id);
    onChange(moveField(value, id, row, beforeId === null ? rest.length : rest.indexOf(beforeId)));
  };
  const allow = (event: DragEvent, key: string) => {
    if (readOnly || !dragging) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    if (over !== key) setOver(key);
  };

  const fieldItem = (id: string, rowIndex: number, position: number, count: number) => {
    const entry = byId.get(id);
    if (!entry) return null;
    const { field, index } = entry;
    const label = field.label || field.id;
    const invalid = Object.keys(fieldErrors(errors, index)).length > 0;
    const first = rowIndex === 0 && position === 0;
    const last = rowIndex === value.grid.length - 1 && position === count - 1;
    return (
      <li
        key={id}
        className={['builder-field', selected === id ? 'is-selected' : '', invalid ? 'is-invalid' : '', dragging === id ? 'is-dragging' : '', over === `field:${id}` ? 'is-over' : ''].filter(Boolean).join(' ')}
        draggable={!readOnly}
        data-testid={`builder-field-${id}`}
        onDragStart={(event) => {
          event.dataTransfer.setData('text/plain', id);
          event.dataTransfer.effectAllowed = 'move';
          setDragging(id);
        }}
        onDragEnd={() => {
          setDragging(null);
          setOver(null);
        }}
        onDragOver={(event) => allow(event, `field:${id}`)}
        onDrop={(event) => dropOn(event, rowIndex, id)}
      >
        {!readOnly && <HolderOutlined className="builder-field__handle" aria-hidden />}
        <button type="button" className="builder-field__name" onClick={() => choose(id)} aria-pressed={selected === id} aria-label={t('builder.choose_field', { label })}>
          <span className="builder-field__label">
            {label}
            {field.required ? <span className="builder-field__required" aria-hidden> *</span> : null}
          </span>
          <span className="builder-field__meta">
            <Tag>{t(`field_types.${field.type}`)}</Tag>
            <code>{field.id}</code>
            {invalid && <Tag color="error">{t('builder.has_errors')}</Tag>}
          </span>
        </button>
        {!readOnly && (
          <span className="builder-field__actions">
            <Tooltip title={t('builder.move_up')}>
              <Button size="small" type="text" icon={<ArrowUpOutlined aria-hidden />} disabled={first} aria-label={t('builder.move_up_field', { label })} onClick={() => onChange(moveFieldBy(value, id, -1))} />
            </Tooltip>
            <Tooltip title={t('builder.move_down')}>
              <Button size="small" type="text" icon={<ArrowDownOutlined aria-hidden />} disabled={last} aria-label={t('builder.move_down_field', { label })} onClick={() => onChange(moveFieldBy(value, id, 1))} />
            </Tooltip>
            <Tooltip title={t('builder.remove_field')}>
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined aria-hidden />}
                aria-label={t('builder.remove_field_named', { label })}
                onClick={() => {
                  onChange(removeField(value, id));
                  if (selected === id) setSelected(null);
                }}
              />
            </Tooltip>
          </span>
        )}
      </li>
    );
  };

  return (
    <div className="form-builder">
      <Card className="form-builder__structure" title={t('builder.structure')} size="small">
        {value.grid.map((row, rowIndex) => (
          <section key={rowIndex} className="builder-row" aria-label={t('builder.row_n', { n: rowIndex + 1 })} data-testid={`builder-row-${rowIndex}`}>
            <div className="builder-row__head">
              <Input
                size="small"
                value={row.title ?? ''}
                maxLength={200}
                placeholder={t('builder.row_title_placeholder', { n: rowIndex + 1 })}
                aria-label={t('builder.row_title', { n: rowIndex + 1 })}
                disabled={readOnly}
                onChange={(event) => onChange(renameRow(value, rowIndex, event.target.value))}
              />
              {!readOnly && (
                <span className="builder-row__actions">
                  <IconButton size="small" type="text" icon={<ArrowUpOutlined aria-hidden />} disabled={rowIndex === 0} aria-label={t('builder.move_row_up', { n: rowIndex + 1 })} onClick={() => onChange(moveRow(value, rowIndex, -1))} />
                  <IconButton size="small" type="text" icon={<ArrowDownOutlined aria-hidden />} disabled={rowIndex === value.grid.length - 1} aria-label={t('builder.move_row_down', { n: rowIndex + 1 })} onClick={() => onChange(moveRow(value, rowIndex, 1))} />
                  <IconButton size="small" type="text" danger icon={<DeleteOutlined aria-hidden />} disabled={value.grid.length <= 1} aria-label={t('builder.remove_row', { n: rowIndex + 1 })} onClick={() => onChange(removeRow(value, rowIndex))} />
                </span>
              )}
            </div>
            <ul className={['builder-row__fields', over === `row:${rowIndex}` ? 'is-over' : ''].filter(Boolean).join(' ')} onDragOver={(event) => allow(event, `row:${rowIndex}`)} onDrop={(event) => dropOn(event, rowIndex, null)}>
              {row.fields.map((id, position) => fieldItem(id, rowIndex, position, row.fields.length))}
              {!row.fields.length && <li className="builder-row__empty">{readOnly ? t('builder.row_empty') : t('builder.drop_here')}</li>}
            </ul>
            {errors[`grid/${rowIndex}`] && <Typography.Text type="danger">{errors[`grid/${rowIndex}`]}</Typography.Text>}
            {Object.entries(errors)
              .filter(([path]) => path.startsWith(`grid/${rowIndex}/`))
              .map(([path, message]) => (
                <Typography.Paragraph key={path} type="danger" className="builder-row__error">
                  {message}
                </Typography.Paragraph>
              ))}
            {!readOnly && (
              <Dropdown trigger={['click']} menu={{ items: FIELD_TYPES.map((type) => ({ key: type, label: t(`field_types.${type}`) })), onClick: ({ key }) => add(rowIndex, key as FieldType) }}>
                <Button size="small" icon={<PlusOutlined aria-hidden />} aria-label={t('builder.add_field_to', { n: rowIndex + 1 })}>
                  {t('builder.add_field')}
                </Button>
              </Dropdown>
            )}
          </section>
        ))}
        {!readOnly && (
          <Button block type="dashed" icon={<PlusOutlined aria-hidden />} onClick={() => onChange(addRow(value))}>
            {t('builder.add_row')}
          </Button>
        )}
        {errors.fields && <Typography.Paragraph type="danger">{errors.fields}</Typography.Paragraph>}
      </Card>
      <Card ref={settingsRef} className="form-builder__settings" title={current ? t('builder.settings_of', { label: current.field.label || current.field.id }) : t('builder.settings')} size="small">
        {current ? (
          <FieldSettings
            key={current.index}
            field={current.field}
            others={value.fields.filter((field) => field.id !== current.field.id)}
            choices={choices}
            errors={fieldErrors(errors, current.index)}
            disabled={readOnly}
            onChange={(next) => {
              onChange(updateField(value, current.field.id, next));
              if (next.id !== current.field.id) setSelected(next.id);
            }}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={value.fields.length ? t('builder.choose_hint') : t('builder.no_fields')} />
        )}
      </Card>
      <Card className="form-builder__preview" title={t('builder.preview')} size="small">
        {value.fields.length ? <FormPreview form={value} lang={lang} choices={choices} palette={palette} label={t('builder.preview')} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('builder.preview_empty')} />}
      </Card>
    </div>
  );
}
