import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Checkbox, Collapse, Empty, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../app/i18n.ts';
import { serviceName } from './resourceText.ts';
import { buildMatrix, MATRIX_COLUMNS, usePermissionRecords, type MatrixCell, type MatrixService } from './usePermissions.ts';
import { SearchInput } from './SearchInput.tsx';

export interface PermissionMatrixProps {
  /** The chosen permission ids. */
  value?: number[];
  onChange?: (ids: number[]) => void;
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
}

function CellHint({ cell }: { cell: MatrixCell }) {
  return (
    <div className="permission-matrix__hint">
      <strong>{cell.name}</strong>
      {cell.description && <div>{cell.description}</div>}
      <code>{cell.code}</code>
    </div>
  );
}

function CellBox({ cell, checked, disabled, onToggle, children }: { cell: MatrixCell; checked: boolean; disabled?: boolean; onToggle: (id: number, on: boolean) => void; children?: ReactNode }) {
  return (
    <Tooltip title={<CellHint cell={cell} />} mouseEnterDelay={0.3}>
      <Checkbox checked={checked} disabled={disabled} aria-label={cell.name} data-code={cell.code} onChange={(event) => onToggle(cell.id, event.target.checked)}>
        {children}
      </Checkbox>
    </Tooltip>
  );
}

function ServiceTable({ block, chosen, disabled, onToggle }: { block: MatrixService; chosen: Set<number>; disabled?: boolean; onToggle: (id: number, on: boolean) => void }) {
  const { t } = useTranslation('common');
  return (
    <div className="permission-matrix__scroll">
      <table className="permission-matrix__table">
        <thead>
          <tr>
            <th scope="col">{t('permission_matrix.section')}</th>
            {MATRIX_COLUMNS.map((column) => (
              <th key={column} scope="col" className="permission-matrix__action">
                {t(`permission_matrix.columns.${column}`)}
              </th>
            ))}
            <th scope="col">{t('permission_matrix.columns.special')}</th>
          </tr>
        </thead>
        <tbody>
          {block.rows.map((row) => (
            <tr key={row.entity}>
              <th scope="row">{row.title}</th>
              {MATRIX_COLUMNS.map((column) => (
                <td key={column} className="permission-matrix__action">
                  {(row.cells[column] ?? []).map((cell) => (
                    <CellBox key={cell.id} cell={cell} checked={chosen.has(cell.id)} disabled={disabled} onToggle={onToggle} />
                  ))}
                </td>
              ))}
              <td>
                <Space size={[12, 4]} wrap>
                  {row.special.map((cell) => (
                    <span key={cell.id} className="permission-matrix__special">
                      <CellBox cell={cell} checked={chosen.has(cell.id)} disabled={disabled} onToggle={onToggle}>
                        {cell.name}
                      </CellBox>
                      {cell.note && (
                        <Typography.Text type="secondary" className="permission-matrix__note">
                          {cell.note}
                        </Typography.Text>
                      )}
                    </span>
                  ))}
                </Space>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Permissions as a matrix grouped by service (rows: entities; columns: read, create, change,
 * delete and the special codes), with names and descriptions in the reader's language, a search,
 * "select all in service" and a count per service. A form control of permission ids.
 */
export function PermissionMatrix({ value, onChange, disabled, id, ...rest }: PermissionMatrixProps) {
  const { t } = useTranslation('common');
  const { records, allowed, isLoading, isError } = usePermissionRecords();
  const [search, setSearch] = useState('');
  const chosen = useMemo(() => new Set(value ?? []), [value]);
  const lang = currentLang();
  const matrix = useMemo(
    () => buildMatrix(records, lang, (service) => serviceName(t, service), t('permission_matrix.general'), search),
    [records, lang, t, search],
  );
  const [opened, setOpened] = useState<string[] | null>(null);
  // Closed at first unless something is chosen in it; a search opens whatever it found.
  const withChoice = matrix.filter((block) => block.ids.some((one) => chosen.has(one))).map((block) => block.service);
  const active = search.trim() ? matrix.map((block) => block.service) : (opened ?? withChoice);

  const set = (ids: number[], on: boolean) => {
    const next = new Set(chosen);
    for (const one of ids) {
      if (on) next.add(one);
      else next.delete(one);
    }
    onChange?.([...next].sort((a, b) => a - b));
  };
  const toggle = (one: number, on: boolean) => set([one], on);

  if (!allowed) return <Alert type="info" showIcon title={t('permission_matrix.not_allowed', { count: chosen.size })} />;
  if (isError) return <Alert type="error" showIcon title={t('load_failed')} />;

  const items = matrix.map((block) => {
    const selected = block.ids.filter((one) => chosen.has(one)).length;
    const all = selected === block.ids.length;
    return {
      key: block.service,
      label: (
        <span className="permission-matrix__service">
          <Typography.Text strong>{block.title}</Typography.Text>
          <Tag color={selected ? 'blue' : undefined} variant="filled" data-testid={`permission-count-${block.service}`}>
            {t('permission_matrix.count', { selected, total: block.ids.length })}
          </Tag>
        </span>
      ),
      extra: (
        <Checkbox
          checked={all}
          indeterminate={selected > 0 && !all}
          disabled={disabled}
          onClick={(event) => event.stopPropagation()}
          onChange={(event) => set(block.ids, event.target.checked)}
        >
          {t('permission_matrix.select_all')}
        </Checkbox>
      ),
      children: <ServiceTable block={block} chosen={chosen} disabled={disabled} onToggle={toggle} />,
    };
  });

  return (
    <div className="permission-matrix" id={id} role="group" aria-label={rest['aria-label']}>
      <div className="permission-matrix__toolbar">
        <SearchInput allowClear placeholder={t('permission_matrix.search')} aria-label={t('permission_matrix.search')} value={search} onChange={(event) => setSearch(event.target.value)} />
        <Typography.Text type="secondary" className="nowrap">
          {t('permission_matrix.chosen', { count: chosen.size })}
        </Typography.Text>
        <Button type="link" size="small" onClick={() => setOpened(active.length ? [] : matrix.map((block) => block.service))} disabled={!!search.trim()}>
          {active.length ? t('permission_matrix.collapse_all') : t('permission_matrix.expand_all')}
        </Button>
      </div>
      {isLoading ? null : items.length ? (
        <Collapse size="small" activeKey={active} onChange={(keys) => setOpened(Array.isArray(keys) ? keys.map(String) : [String(keys)])} items={items} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('nothing_found')} />
      )}
    </div>
  );
}
