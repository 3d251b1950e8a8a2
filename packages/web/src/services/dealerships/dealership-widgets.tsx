import { useEffect, useState } from 'react';
import { Button, Checkbox, Input, InputNumber, Select, Space, Typography } from 'antd';
import { CloseOutlined, PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEALERSHIP_STATUSES, DEFAULT_SCHEDULE, WEEKDAYS, hhmmToMinutes, minutesToHhmm, phoneText, type PhoneParts, type WorkDay, type WorkSchedule } from '@dp/contracts';
import { useSession } from '../../app/session.ts';
import { LibraryClientSelect, MediaPickerDialog } from '../media.storage/MediaPicker.tsx';
import { IconButton } from '../../kit/IconButton.tsx';

/**
 * The inputs of the dealerships forms that a plain text field cannot be: the four phone parts,
 * the weekly schedule (hh:mm on the screen, minutes in the API), the two ratings, an employee's
 * photo from the media library. Each takes the form's value and onChange.
 */
type FieldProps<T> = { value?: T; onChange?: (value: T) => void; 'aria-label'?: string };

const PHONE_PARTS = ['country', 'city', 'subscriber', 'internal'] as const;
const PHONE_WIDTHS: Record<(typeof PHONE_PARTS)[number], string> = { country: '18%', city: '22%', subscriber: '38%', internal: '22%' };
/** Short examples as placeholders (the parts' names are their labels and tips): a phone is narrow. */
const PHONE_EXAMPLES: Record<(typeof PHONE_PARTS)[number], string> = { country: '7', city: '843', subscriber: '2000000', internal: '' };

export function PhoneInput({ value, onChange, ...rest }: FieldProps<Partial<PhoneParts>>) {
  const { t } = useTranslation('dealerships');
  const shown = (part: string | undefined) => (part === '0' ? '' : (part ?? ''));
  return (
    <Space.Compact block aria-label={rest['aria-label']} role="group">
      {PHONE_PARTS.map((part) => (
        <Input
          key={part}
          inputMode="numeric"
          prefix={part === 'country' ? '+' : undefined}
          placeholder={PHONE_EXAMPLES[part] || t('phone.internal_short')}
          aria-label={t(`phone.${part}`)}
          title={t(`phone.${part}`)}
          style={{ width: PHONE_WIDTHS[part] }}
          value={shown(value?.[part])}
          onChange={(event) => onChange?.({ country: '0', city: '0', subscriber: '0', internal: '0', ...value, [part]: event.target.value.trim() || '0' })}
        />
      ))}
    </Space.Compact>
  );
}

/** A time as the user types it: minutes once it reads as hh:mm, the text itself otherwise (the rule then says why). */
function TimeInput({ minutes, label, placeholder, onChange, disabled }: { minutes: number | string | null; label: string; placeholder: string; onChange: (value: number | string | null) => void; disabled: boolean }) {
  const [text, setText] = useState(typeof minutes === 'number' ? minutesToHhmm(minutes) : (minutes ?? ''));
  useEffect(() => {
    if (typeof minutes === 'number' && hhmmToMinutes(text) !== minutes) setText(minutesToHhmm(minutes));
    if (minutes === null && disabled) setText('');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [minutes, disabled]);
  const invalid = !disabled && text !== '' && hhmmToMinutes(text) === null;
  return (
    <Input
      aria-label={label}
      placeholder={placeholder}
      value={text}
      disabled={disabled}
      status={invalid ? 'error' : undefined}
      inputMode="numeric"
      maxLength={5}
      style={{ width: 88 }}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        onChange(next.trim() === '' ? null : (hhmmToMinutes(next) ?? next));
      }}
    />
  );
}

type EditedDay = { from: number | string | null; to: number | string | null; weekend: boolean };

/** The week, a row per day: from and to as hh:mm, or a day off. */
export function ScheduleEditor({ value, onChange, ...rest }: FieldProps<WorkSchedule | null>) {
  const { t } = useTranslation('dealerships');
  const week = (value ?? DEFAULT_SCHEDULE) as Record<string, EditedDay>;
  const setDay = (day: string, change: Partial<EditedDay>) => {
    const current = week[day] ?? { from: null, to: null, weekend: false };
    const next = { ...current, ...change };
    onChange?.({ ...week, [day]: next.weekend ? { from: null, to: null, weekend: true } : next } as unknown as WorkSchedule);
  };
  const copyMonday = () => {
    const monday = week.mon!;
    onChange?.({ ...week, ...Object.fromEntries(['tue', 'wed', 'thu', 'fri'].map((day) => [day, { ...monday }])) } as unknown as WorkSchedule);
  };
  return (
    <div className="schedule-editor" role="group" aria-label={rest['aria-label']}>
      {WEEKDAYS.map((day) => {
        const entry = week[day] ?? { from: null, to: null, weekend: false };
        const name = t(`weekdays.${day}`);
        return (
          <div key={day} className="schedule-editor__row" data-testid={`schedule-${day}`}>
            <Typography.Text className="schedule-editor__day">{name}</Typography.Text>
            <Space size={6} wrap>
              <TimeInput minutes={entry.from} disabled={entry.weekend} label={`${name}: ${t('schedule.from')}`} placeholder={t('schedule.time_placeholder')} onChange={(from) => setDay(day, { from })} />
              <span aria-hidden>—</span>
              <TimeInput minutes={entry.to} disabled={entry.weekend} label={`${name}: ${t('schedule.to')}`} placeholder={t('schedule.time_placeholder')} onChange={(to) => setDay(day, { to })} />
              <Checkbox checked={entry.weekend} onChange={(event) => setDay(day, event.target.checked ? { weekend: true } : { weekend: false, from: 540, to: 1080 })} aria-label={`${name}: ${t('schedule.weekend')}`}>
                {t('schedule.weekend')}
              </Checkbox>
            </Space>
          </div>
        );
      })}
      <Button size="small" type="link" onClick={copyMonday} className="schedule-editor__copy">
        {t('schedule.copy_monday')}
      </Button>
    </div>
  );
}

/** A department's hours: the dealership's (null) or its own. */
export function DepartmentScheduleField({ value, onChange, ...rest }: FieldProps<WorkSchedule | null>) {
  const { t } = useTranslation('dealerships');
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Select
        aria-label={rest['aria-label']}
        value={value ? 'own' : 'dealership'}
        style={{ minWidth: 240 }}
        options={[
          { value: 'dealership', label: t('departments.dealership_schedule') },
          { value: 'own', label: t('departments.own_schedule') },
        ]}
        onChange={(next) => onChange?.(next === 'own' ? DEFAULT_SCHEDULE : null)}
      />
      {value && <ScheduleEditor value={value} onChange={onChange} aria-label={rest['aria-label']} />}
    </Space>
  );
}

/** The status; a new dealership shows the default (working) the server gives when none is chosen. */
export function StatusSelect({ value, onChange, ...rest }: FieldProps<number>) {
  const { t } = useTranslation('dealerships');
  return <Select aria-label={rest['aria-label']} value={value ?? 2} onChange={onChange} options={DEALERSHIP_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))} />;
}

/** The ratings for service and sales, 0 to 5. */
export function RatingInput({ value, onChange, ...rest }: FieldProps<{ service: number | null; sales: number | null }>) {
  const { t } = useTranslation('dealerships');
  const current = value ?? { service: null, sales: null };
  return (
    <Space wrap role="group" aria-label={rest['aria-label']}>
      {(['service', 'sales'] as const).map((key) => (
        <Space key={key} size={6}>
          <Typography.Text type="secondary">{t(`rating.${key}`)}</Typography.Text>
          <InputNumber aria-label={`${rest['aria-label']}: ${t(`rating.${key}`)}`} min={0} max={5} step={0.1} value={current[key]} onChange={(next) => onChange?.({ ...current, [key]: next ?? null })} style={{ width: 90 }} />
        </Space>
      ))}
    </Space>
  );
}

/** An employee's photo: a file of the media library of the client the user acts as. */
export function AvatarField({ value, onChange, ...rest }: FieldProps<number | null>) {
  const { t } = useTranslation('dealerships');
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const [chosenClient, setChosenClient] = useState<number | null>(null);
  const [picked, setPicked] = useState<{ id: number; name: string; url: string | null } | null>(null);
  const clientId = user?.client?.id ?? chosenClient;
  const shown = value ? (picked?.id === value ? picked : { id: value, name: t('avatar.file', { id: value }), url: null }) : null;
  return (
    <div role="group" aria-label={rest['aria-label']}>
      <Space wrap align="center">
        {shown ? (
          <Space>
            {shown.url ? <img src={shown.url} alt={shown.name} width={48} height={48} style={{ objectFit: 'cover', borderRadius: 4 }} /> : <PictureOutlined aria-hidden />}
            <Typography.Text>{shown.name}</Typography.Text>
            <IconButton size="small" icon={<CloseOutlined aria-hidden />} aria-label={t('avatar.remove')} onClick={() => onChange?.(null)} />
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('avatar.none')}</Typography.Text>
        )}
        <Button onClick={() => setOpen(true)} disabled={clientId === null}>
          {t('avatar.choose')}
        </Button>
        {!user?.client && <LibraryClientSelect value={chosenClient} onChange={setChosenClient} placeholder={t('avatar.no_client')} label={t('avatar.no_client')} minWidth={240} />}
      </Space>
      {open && clientId !== null && (
        <MediaPickerDialog
          clientId={clientId}
          onClose={() => setOpen(false)}
          onPick={(media) => {
            setOpen(false);
            setPicked({ id: media.id, name: media.name, url: media.url });
            onChange?.(media.id);
          }}
        />
      )}
    </div>
  );
}

/** A schedule in one line for the lists: Mon–Fri 09:00–18:00 … */
export function scheduleSummary(schedule: WorkSchedule | null | undefined, t: (key: string) => string): string {
  if (!schedule) return '';
  const text = (day: WorkDay) => (day.weekend ? t('schedule.day_off') : `${minutesToHhmm(day.from)}–${minutesToHhmm(day.to)}`);
  const parts: string[] = [];
  let start = 0;
  for (let i = 1; i <= WEEKDAYS.length; i++) {
    const previous = schedule[WEEKDAYS[i - 1]!];
    const current = i < WEEKDAYS.length ? schedule[WEEKDAYS[i]!] : null;
    if (current && previous && text(current) === text(previous)) continue;
    const first = t(`weekdays_short.${WEEKDAYS[start]}`);
    const last = t(`weekdays_short.${WEEKDAYS[i - 1]}`);
    parts.push(`${start === i - 1 ? first : `${first}–${last}`} ${previous ? text(previous) : ''}`);
    start = i;
  }
  return parts.join(', ');
}

export const phoneCell = (value: unknown) => <span className="nowrap">{phoneText(value as PhoneParts) || '—'}</span>;
