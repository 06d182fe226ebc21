import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { ReportDay } from '@kometa/contracts';
import { money } from '../../lib/format.ts';
import { ru } from '../../i18n/ru.ts';

const COLORS = {
  primary: '#5a48f0',
  accent: '#ffb547',
  success: '#1f9d55',
  muted: '#9aa0b8',
  grid: '#e2e4ee',
};

const dayLabel = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}`;
/** Axis ticks in major units, compact ("12 тыс."). */
const compact = new Intl.NumberFormat('ru-RU', { notation: 'compact', maximumFractionDigits: 1 });
const axisMoney = (minor: number) => compact.format(minor / 100);

function Frame(props: { title: string; children: React.ReactElement }) {
  return (
    <figure className="card chart-card">
      <figcaption className="chart-title">{props.title}</figcaption>
      <div className="chart-area">
        <ResponsiveContainer width="100%" height="100%">
          {props.children}
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

/** The finance report's charts (Recharts, ADR 039): money in and out, revenue, players per day. */
export function ReportCharts({ days, currency }: { days: ReportDay[]; currency: string }) {
  const rows = days.map((day) => ({ ...day, label: dayLabel(day.day) }));
  const tooltipMoney = (value: unknown) => money(Number(value), currency);
  const f = ru.reports.figures;
  const axis = { stroke: COLORS.muted, fontSize: 12, tickLine: false, axisLine: false } as const;
  return (
    <div className="grid chart-grid">
      <Frame title={ru.reports.charts.money}>
        <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} stroke={COLORS.grid} />
          <XAxis dataKey="label" {...axis} />
          <YAxis tickFormatter={axisMoney} width={56} {...axis} />
          <Tooltip formatter={tooltipMoney} />
          <Legend iconType="circle" />
          <Bar dataKey="deposits" name={f.deposits} fill={COLORS.primary} radius={[4, 4, 0, 0]} />
          <Bar dataKey="withdrawals" name={f.withdrawals} fill={COLORS.accent} radius={[4, 4, 0, 0]} />
        </BarChart>
      </Frame>
      <Frame title={ru.reports.charts.revenue}>
        <AreaChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <defs>
            <linearGradient id="ggr-fill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor={COLORS.primary} stopOpacity={0.28} />
              <stop offset="100%" stopColor={COLORS.primary} stopOpacity={0} />
            </linearGradient>
          </defs>
          <CartesianGrid vertical={false} stroke={COLORS.grid} />
          <XAxis dataKey="label" {...axis} />
          <YAxis tickFormatter={axisMoney} width={56} {...axis} />
          <Tooltip formatter={tooltipMoney} />
          <Legend iconType="circle" />
          <Area dataKey="ggr" name={f.ggr} stroke={COLORS.primary} strokeWidth={2} fill="url(#ggr-fill)" />
          <Area dataKey="ngr" name={f.ngr} stroke={COLORS.success} strokeWidth={2} fill="none" />
        </AreaChart>
      </Frame>
      <Frame title={ru.reports.charts.players}>
        <LineChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} stroke={COLORS.grid} />
          <XAxis dataKey="label" {...axis} />
          <YAxis allowDecimals={false} width={40} {...axis} />
          <Tooltip />
          <Legend iconType="circle" />
          <Line
            dataKey="activePlayers"
            name={f.activePlayers}
            stroke={COLORS.primary}
            strokeWidth={2}
            dot={false}
          />
          <Line
            dataKey="registrations"
            name={f.registrations}
            stroke={COLORS.accent}
            strokeWidth={2}
            dot={false}
          />
          <Line
            dataKey="firstDeposits"
            name={f.firstDeposits}
            stroke={COLORS.success}
            strokeWidth={2}
            dot={false}
          />
        </LineChart>
      </Frame>
    </div>
  );
}
