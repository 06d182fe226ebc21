import { ru } from '../i18n/ru.ts';

/** A report's period as the operator picks it: days (YYYY-MM-DD) in the operator's time zone, inclusive. */
export interface DayPeriod {
  from: string;
  to: string;
}

const MOSCOW_OFFSET = '+03:00';
const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Moscow',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
/** Today in the operator's time zone. */
export const today = () => dayFormat.format(new Date());
const shift = (day: string, days: number) =>
  dayFormat.format(new Date(Date.parse(`${day}T12:00:00${MOSCOW_OFFSET}`) + days * 86_400_000));

/** The last `days` days up to today. */
export const lastDays = (days: number): DayPeriod => ({ from: shift(today(), 1 - days), to: today() });

/** The API's period: from the start of the first day to the start of the day after the last. */
export const apiPeriod = (period: DayPeriod) => ({
  from: `${period.from}T00:00:00${MOSCOW_OFFSET}`,
  to: `${shift(period.to, 1)}T00:00:00${MOSCOW_OFFSET}`,
});

const PRESETS = [
  { days: 1, label: ru.reports.presets.today },
  { days: 7, label: ru.reports.presets.week },
  { days: 30, label: ru.reports.presets.month },
  { days: 90, label: ru.reports.presets.quarter },
] as const;

/** Presets and two date fields; a change applies at once. */
export function PeriodBar(props: {
  value: DayPeriod;
  onChange: (period: DayPeriod) => void;
  currency?: { value: string; options: readonly string[]; onChange: (currency: string) => void };
  actions?: React.ReactNode;
}) {
  const { value } = props;
  return (
    <div className="period-bar card" role="group" aria-label={ru.reports.period}>
      <div className="segmented" role="radiogroup" aria-label={ru.reports.period}>
        {PRESETS.map((preset) => {
          const period = lastDays(preset.days);
          const isChosen = period.from === value.from && period.to === value.to;
          return (
            <button
              key={preset.days}
              type="button"
              role="radio"
              aria-checked={isChosen}
              className={isChosen ? 'is-active' : undefined}
              onClick={() => props.onChange(period)}
            >
              {preset.label}
            </button>
          );
        })}
      </div>
      <label className="period-field">
        <span>{ru.reports.from}</span>
        <input
          className="input"
          type="date"
          value={value.from}
          max={value.to}
          onChange={(event) => event.target.value && props.onChange({ ...value, from: event.target.value })}
        />
      </label>
      <label className="period-field">
        <span>{ru.reports.to}</span>
        <input
          className="input"
          type="date"
          value={value.to}
          min={value.from}
          onChange={(event) => event.target.value && props.onChange({ ...value, to: event.target.value })}
        />
      </label>
      {props.currency ? (
        <label className="period-field">
          <span>{ru.reports.currency}</span>
          <select
            className="select"
            value={props.currency.value}
            onChange={(event) => props.currency?.onChange(event.target.value)}
          >
            {props.currency.options.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <span className="period-actions">{props.actions}</span>
    </div>
  );
}
