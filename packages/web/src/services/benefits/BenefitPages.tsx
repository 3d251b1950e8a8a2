import { useMemo } from 'react';
import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { benefitProgramResource, discountResource, type AnyResource } from '@dp/contracts';
import { DATE_FORMAT, formatDate } from '../../kit/format.ts';
import { ResourceListPage } from '../../kit/ResourceListPage.tsx';
import { ResourceListExtras, type ResourceListExtrasValue } from '../../kit/resourceListExtras.ts';
import { DiscountImportButton } from './DiscountImportDialog.tsx';

/**
 * The benefits screens (spec 001 §2 /benefits): discount programs, and discounts with their
 * filters (brand, model, marketing complectation, program, the day they are valid on), dates
 * picked in a calendar and the import from a file or a link.
 */
const programs = benefitProgramResource as unknown as AnyResource;
const discounts = discountResource as unknown as AnyResource;

/** A day of the form: `YYYY-MM-DD` in the form's value, the interface's date format on screen. */
function DayInput({ value, onChange, ...rest }: { value?: string | null; onChange?: (value: string | null) => void; 'aria-label'?: string }) {
  return <DatePicker {...rest} format={DATE_FORMAT} value={value ? dayjs(value) : null} onChange={(next) => onChange?.(next ? next.format('YYYY-MM-DD') : null)} style={{ width: '100%' }} />;
}

export function ProgramsPage() {
  return <ResourceListPage resource={programs} />;
}

export function DiscountsPage() {
  const extras = useMemo<ResourceListExtrasValue>(
    () => ({
      headerExtra: <DiscountImportButton />,
      formWidgets: {
        start_date: (common) => <DayInput {...common} />,
        end_date: (common) => <DayInput {...common} />,
      },
      cellRenderers: {
        start_date: (value) => <span className="nowrap">{formatDate(String(value))}</span>,
        end_date: (value) => <span className="nowrap">{formatDate(String(value))}</span>,
      },
    }),
    [],
  );
  return (
    <ResourceListExtras.Provider value={extras}>
      <ResourceListPage resource={discounts} />
    </ResourceListExtras.Provider>
  );
}
