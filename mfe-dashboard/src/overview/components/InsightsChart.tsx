/**
 * The 30-day chart of the seller insights (docs/product.md §20.7): daily views and chat clicks summed
 * over the seller's listings, as two lines (@mui/x-charts, ADR 0022). Loaded only by the overview
 * (`React.lazy`, its own chunk): no other page downloads the chart code. The picture is
 * `aria-hidden`; its caller gives the text alternative (a summary and the numbers table).
 */
import { LineChart } from '@mui/x-charts/LineChart';
import { type DailyTotal, shortDay } from '../api/get-insights';

/** Chart height in px: readable on a 360 px phone without pushing the table far down. */
export const CHART_HEIGHT_PX = 240;

/** Line colours: the brand green for views, a blue with 4.5:1 contrast on white for chat clicks. */
const VIEWS_COLOUR = '#0b6e4f';
const CHAT_COLOUR = '#1f5fbf';

/** Two lines over `days` (oldest first): views and chat clicks per day. */
export default function InsightsChart({ days }: { days: DailyTotal[] }) {
  return (
    <LineChart
      height={CHART_HEIGHT_PX}
      margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
      xAxis={[
        {
          scaleType: 'point',
          data: days.map((day) => day.date),
          valueFormatter: (date: string) => shortDay(date),
          tickLabelStyle: { fontSize: 11 },
        },
      ]}
      yAxis={[{ tickMinStep: 1, width: 32, tickLabelStyle: { fontSize: 11 } }]}
      series={[
        { data: days.map((day) => day.views), label: 'Views', color: VIEWS_COLOUR, showMark: false },
        {
          data: days.map((day) => day.chatClicks),
          label: 'Chat clicks',
          color: CHAT_COLOUR,
          showMark: false,
        },
      ]}
      grid={{ horizontal: true }}
    />
  );
}
