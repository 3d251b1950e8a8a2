import { useState } from 'react';
import { Alert, App, Button, ConfigProvider, Empty, Input, Popconfirm, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, CopyOutlined, DeleteOutlined, EditOutlined, HolderOutlined, PlusOutlined, SnippetsOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { COMPONENTS, type Lang } from '@dp/contracts';
import { useFloorOptions, useSiteForms, type Placed } from './content-api.ts';
import { pasteFloors, toBuffered, useFloorsBuffer, type BufferedFloor, type PasteProblem } from './floors-buffer.ts';
import { FormModal } from '../../../kit/unsaved.tsx';

/** Moves the item at `from` to `to` (drag and drop, the arrow buttons). */
export function moveItem<T>(list: T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * The floors placed on a page, in a layout's header or footer, or in a template: added from the
 * floor library, ordered by drag and drop (or the arrows, for the keyboard), removed, and given
 * values for this place over the floor's own (the floors service checks them on save).
 */
export function FloorsEditor({
  value = [],
  onChange,
  disabled,
  label,
  id,
  buffer,
  clientId,
  siteId,
}: {
  value?: Placed[];
  onChange?: (value: Placed[]) => void;
  disabled?: boolean;
  label: string;
  id?: string;
  /** Shows the floors buffer: copy floors from here, paste them here (spec 000 §9). */
  buffer?: boolean;
  /** The client of the state's site: a paste takes that client's (or the platform's) floors. */
  clientId?: number | null;
  /** The state's site: values chosen from its records (a constructor form) are offered by name. */
  siteId?: number | null;
}) {
  const { t, i18n } = useTranslation('sites.context');
  const lang: Lang = i18n.language === 'en' ? 'en' : 'ru';
  const { floors, isLoading, isError } = useFloorOptions();
  const clipboard = useFloorsBuffer();
  const { message } = App.useApp();
  const [problems, setProblems] = useState<PasteProblem[]>([]);
  const [dragged, setDragged] = useState<number | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [text, setText] = useState('');
  // The values as the dialog opened with them: a text that differs is not applied yet.
  const [openedText, setOpenedText] = useState('');
  const [textError, setTextError] = useState<string | null>(null);
  const [adding, setAdding] = useState<number | null>(null);
  const set = (next: Placed[]) => onChange?.(next);
  const name = (floorId: number) => floors.find((floor) => floor.id === floorId);

  const openValues = (index: number) => {
    const opened = JSON.stringify(value[index]?.values ?? {}, null, 2);
    setEditing(index);
    setText(opened);
    setOpenedText(opened);
    setTextError(null);
  };
  const saveValues = () => {
    try {
      const parsed = text.trim() ? JSON.parse(text) : {};
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('object');
      set(value.map((entry, index) => (index === editing ? { ...entry, values: parsed as Record<string, unknown> } : entry)));
      setEditing(null);
    } catch {
      setTextError(t('floors_editor.values_invalid'));
    }
  };

  // Values a component takes from the site's constructor forms: a select of their titles sets the id in the values.
  const editedComponent = editing !== null ? name(value[editing]?.floor_id ?? 0)?.component : undefined;
  const formFields = COMPONENTS.find((component) => component.identity === editedComponent)?.fields.filter((field) => field.source === 'site_forms') ?? [];
  const siteForms = useSiteForms(formFields.length ? siteId : null);
  const parsedText = (): Record<string, unknown> => {
    try {
      const parsed = text.trim() ? JSON.parse(text) : {};
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
    } catch {
      return {};
    }
  };
  const pick = (field: string, formId: number | undefined) => {
    const next = { ...parsedText() };
    if (formId === undefined) delete next[field];
    else next[field] = formId;
    setText(JSON.stringify(next, null, 2));
    setTextError(null);
  };

  const copy = (entries: Placed[]) => {
    const buffered = entries.map((entry) => toBuffered(entry, name(entry.floor_id))).filter((entry): entry is BufferedFloor => entry !== null);
    if (!buffered.length) return;
    const count = clipboard.copy(buffered);
    void message.success(t('floors_buffer.copied', { count: buffered.length, total: count }));
  };
  const paste = () => {
    const result = pasteFloors(clipboard.floors, floors, clientId);
    setProblems(result.problems);
    if (result.placed.length) {
      set([...value, ...result.placed]);
      void message.success(t('floors_buffer.pasted', { count: result.placed.length }));
    }
  };

  return (
    <div className="floors-editor" id={id} aria-label={label}>
      {isError && <Alert type="warning" showIcon title={t('floors_editor.library_failed')} />}
      {buffer && (
        // Copying works on a state that cannot change too (a published page is the usual source).
        <ConfigProvider componentDisabled={false}>
          <Space wrap size={8} className="floors-buffer" role="group" aria-label={t('floors_buffer.title')}>
            <Tag color={clipboard.floors.length ? 'blue' : undefined} data-testid="floors-buffer-count">
              {t('floors_buffer.count', { count: clipboard.floors.length })}
            </Tag>
            {value.length > 0 && (
              <Button size="small" icon={<CopyOutlined aria-hidden />} onClick={() => copy(value)} disabled={isLoading}>
                {t('floors_buffer.copy_all')}
              </Button>
            )}
            {!disabled && clipboard.floors.length > 0 && (
              <Button size="small" type="primary" ghost icon={<SnippetsOutlined aria-hidden />} onClick={paste} disabled={isLoading || isError}>
                {t('floors_buffer.paste', { count: clipboard.floors.length })}
              </Button>
            )}
            {clipboard.floors.length > 0 && (
              <Popconfirm title={t('floors_buffer.clear_confirm', { count: clipboard.floors.length })} okText={t('floors_buffer.clear')} cancelText={t('common:actions.cancel')} onConfirm={() => { clipboard.clear(); setProblems([]); }}>
                <Button size="small" type="text" danger>
                  {t('floors_buffer.clear')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        </ConfigProvider>
      )}
      {problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => setProblems([])}
          className="floors-buffer__problems"
          title={t('floors_buffer.problems_title', { count: problems.length })}
          description={
            <ul>
              {problems.map((problem, index) => (
                <li key={index}>{t(`floors_buffer.problem.${problem.reason}`, { title: problem.entry.title, code: problem.entry.code, component: problem.entry.component })}</li>
              ))}
            </ul>
          }
        />
      )}
      {value.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('floors_editor.empty')} />
      ) : (
        <ol className="floors-editor__list">
          {value.map((entry, index) => {
            const floor = name(entry.floor_id);
            const overrides = Object.keys(entry.values ?? {}).length;
            return (
              <li
                key={`${entry.floor_id}-${index}`}
                className={dragged === index ? 'floors-editor__item floors-editor__item--dragged' : 'floors-editor__item'}
                draggable={!disabled}
                onDragStart={(event) => {
                  setDragged(index);
                  event.dataTransfer.effectAllowed = 'move';
                }}
                onDragOver={(event) => {
                  if (dragged === null) return;
                  event.preventDefault();
                }}
                onDrop={(event) => {
                  event.preventDefault();
                  if (dragged !== null) set(moveItem(value, dragged, index));
                  setDragged(null);
                }}
                onDragEnd={() => setDragged(null)}
              >
                <HolderOutlined className="floors-editor__handle" aria-hidden />
                <span className="floors-editor__index">{index + 1}</span>
                <span className="floors-editor__name">
                  <Typography.Text ellipsis={{ tooltip: true }}>{floor?.title ?? t('floors_editor.unknown', { id: entry.floor_id })}</Typography.Text>
                  {floor && <Typography.Text type="secondary" className="floors-editor__code">{floor.code}</Typography.Text>}
                  {floor && !floor.enabled && <Tag color="warning">{t('floors_editor.disabled')}</Tag>}
                  {overrides > 0 && <Tag>{t('floors_editor.overrides', { count: overrides })}</Tag>}
                </span>
                {buffer && disabled && floor && (
                  <ConfigProvider componentDisabled={false}>
                    <Tooltip title={t('floors_buffer.copy')}>
                      <Button type="text" size="small" className="floors-editor__actions" icon={<CopyOutlined aria-hidden />} aria-label={t('floors_buffer.copy_one', { number: index + 1 })} onClick={() => copy([entry])} />
                    </Tooltip>
                  </ConfigProvider>
                )}
                {!disabled && (
                  <Space size={0} className="floors-editor__actions">
                    {buffer && floor && (
                      <Tooltip title={t('floors_buffer.copy')}>
                        <Button type="text" size="small" icon={<CopyOutlined aria-hidden />} aria-label={t('floors_buffer.copy_one', { number: index + 1 })} onClick={() => copy([entry])} />
                      </Tooltip>
                    )}
                    <Tooltip title={t('floors_editor.up')}>
                      <Button type="text" size="small" icon={<ArrowUpOutlined aria-hidden />} aria-label={t('floors_editor.up')} disabled={index === 0} onClick={() => set(moveItem(value, index, index - 1))} />
                    </Tooltip>
                    <Tooltip title={t('floors_editor.down')}>
                      <Button type="text" size="small" icon={<ArrowDownOutlined aria-hidden />} aria-label={t('floors_editor.down')} disabled={index === value.length - 1} onClick={() => set(moveItem(value, index, index + 1))} />
                    </Tooltip>
                    <Tooltip title={t('floors_editor.values')}>
                      <Button type="text" size="small" icon={<EditOutlined aria-hidden />} aria-label={t('floors_editor.values')} onClick={() => openValues(index)} />
                    </Tooltip>
                    <Tooltip title={t('floors_editor.remove')}>
                      <Button type="text" size="small" danger icon={<DeleteOutlined aria-hidden />} aria-label={t('floors_editor.remove')} onClick={() => set(value.filter((_, i) => i !== index))} />
                    </Tooltip>
                  </Space>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {!disabled && (
        <Space.Compact className="floors-editor__add">
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={isLoading}
            placeholder={t('floors_editor.choose')}
            aria-label={t('floors_editor.choose')}
            value={adding ?? undefined}
            onChange={(next) => setAdding(next)}
            className="floors-editor__select"
            popupMatchSelectWidth={false}
            options={floors.filter((floor) => floor.enabled).map((floor) => ({ value: floor.id, label: `${floor.title} (${floor.code})` }))}
            notFoundContent={t('floors_editor.library_empty')}
          />
          <Button
            icon={<PlusOutlined aria-hidden />}
            disabled={adding === null}
            onClick={() => {
              if (adding === null) return;
              set([...value, { floor_id: adding, values: {} }]);
              setAdding(null);
            }}
          >
            {t('floors_editor.add')}
          </Button>
        </Space.Compact>
      )}
      <FormModal
        open={editing !== null}
        unsaved={text !== openedText}
        title={t('floors_editor.values_title', { name: editing !== null ? name(value[editing]?.floor_id ?? 0)?.title ?? '' : '' })}
        onCancel={() => setEditing(null)}
        onOk={saveValues}
        okText={t('floors_editor.apply')}
        destroyOnHidden
      >
        {formFields.map((field) => {
          const chosen = parsedText()[field.name];
          return (
            <div key={field.name} className="floors-editor__pick">
              <Typography.Text strong id={`floors-editor-pick-${field.name}`}>
                {field.label[lang]}
              </Typography.Text>
              {siteId && siteForms.allowed ? (
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  aria-labelledby={`floors-editor-pick-${field.name}`}
                  placeholder={t('floors_editor.site_form_choose')}
                  loading={siteForms.isLoading}
                  value={typeof chosen === 'number' ? chosen : undefined}
                  onChange={(next: number | undefined) => pick(field.name, next)}
                  options={siteForms.forms.map((form) => ({ value: form.id, label: form.title }))}
                  notFoundContent={siteForms.isError ? t('floors_editor.site_forms_failed') : t('floors_editor.site_forms_empty')}
                  className="floors-editor__pick-select"
                />
              ) : (
                <Typography.Paragraph type="secondary">{siteId ? t('floors_editor.site_forms_denied') : t('floors_editor.site_form_on_page')}</Typography.Paragraph>
              )}
              {typeof chosen === 'number' && !siteForms.isLoading && siteForms.allowed && !siteForms.forms.some((form) => form.id === chosen) && (
                <Typography.Text type="warning">{t('floors_editor.site_form_missing')}</Typography.Text>
              )}
            </div>
          );
        })}
        <Typography.Paragraph type="secondary">{t('floors_editor.values_hint')}</Typography.Paragraph>
        <Input.TextArea
          rows={10}
          value={text}
          aria-label={t('floors_editor.values')}
          status={textError ? 'error' : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setTextError(null);
          }}
          className="floors-editor__json"
        />
        {textError && <Typography.Text type="danger">{textError}</Typography.Text>}
      </FormModal>
    </div>
  );
}
