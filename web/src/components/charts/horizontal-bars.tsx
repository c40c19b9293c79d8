import './preact-safe';
import { Bar, BarChart, CartesianGrid, LabelList, ResponsiveContainer, Text, Tooltip, XAxis, YAxis, type YAxisTickContentProps } from 'recharts';
import { useMediaQuery } from '../../lib/media-query';
import { barChartHeight } from './chart-format';
import { COLOUR, TOOLTIP_STYLE } from './chart-theme';

export const AXIS_TICK = { fill: COLOUR.axis, fontSize: 12 };
const WIDE = '(min-width: 640px)';

/** Whether the screen is wider than a phone's: labels beside bars get more room. */
const useIsWide = () => useMediaQuery(WIDE, true);

/** A category label beside a horizontal bar, wrapped to two lines rather than cut off. */
function categoryTick(width: number) {
  return function CategoryTick({ x, y, payload }: YAxisTickContentProps) {
    return (
      // The style, not only fontSize, is what Text measures words with when it wraps them.
      <Text x={Number(x) - 6} y={Number(y)} width={width - 10} maxLines={2} textAnchor="end" verticalAnchor="middle" fontSize={12} style={{ fontSize: 12 }} fill={COLOUR.axis}>
        {String(payload.value)}
      </Text>
    );
  };
}

export type BarRow = { label: string; value: number };

/** Horizontal bars, one row per category, the value written at the end of each bar. */
export function HorizontalBars({ rows, colour, unit, format }: { rows: BarRow[]; colour: string; unit: string; format: (value: number) => string }) {
  const isWide = useIsWide();
  const labelWidth = isWide ? 170 : 112;
  return (
    <ResponsiveContainer width="100%" height={barChartHeight(rows.length)}>
      <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 64, bottom: 4, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid horizontal={false} stroke={COLOUR.grid} />
        <XAxis type="number" allowDecimals={false} tick={AXIS_TICK} stroke={COLOUR.grid} tickFormatter={format} />
        <YAxis type="category" dataKey="label" width={labelWidth} tick={categoryTick(labelWidth)} stroke={COLOUR.grid} interval={0} />
        <Tooltip {...TOOLTIP_STYLE} formatter={(value) => [format(Number(value)), unit]} />
        <Bar dataKey="value" name={unit} fill={colour} radius={[0, 4, 4, 0]} maxBarSize={22} isAnimationActive={false}>
          <LabelList dataKey="value" position="right" fill={COLOUR.axis} fontSize={12} formatter={(value) => format(Number(value))} />
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
