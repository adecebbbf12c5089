/**
 * The how-to-measure guide of the shopper's self-measurement form: a simple front figure with
 * the garment's points marked and numbered, and each point's hint in a numbered list beside
 * it. Static SVG and text: nothing to load, works without JavaScript.
 */
import type { GarmentType } from '~/lib/schema-enums';
import { GARMENTS } from './garments';

/** Where each point is drawn on the 200 × 400 figure: a line from (x1, y1) to (x2, y2). */
const MARKS: Record<string, [number, number, number, number]> = {
  neck: [88, 60, 112, 60],
  shoulder: [60, 76, 140, 76],
  acrossBack: [66, 92, 134, 92],
  chest: [66, 104, 134, 104],
  bicep: [42, 112, 60, 112],
  waist: [70, 148, 130, 148],
  stomach: [68, 140, 132, 140],
  seat: [66, 182, 134, 182],
  sleeve: [60, 78, 44, 196],
  cuff: [156, 200, 140, 200],
  length: [180, 62, 180, 250],
  thigh: [68, 214, 98, 214],
  knee: [72, 290, 96, 290],
  calf: [72, 320, 96, 320],
  bottom: [74, 378, 96, 378],
  rise: [106, 150, 106, 200],
  inseam: [100, 206, 100, 382],
  outseam: [172, 148, 172, 382],
};

export function MeasuringGuide({ garment }: { garment: GarmentType }) {
  const { label, points } = GARMENTS[garment];
  return (
    <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
      <svg
        viewBox="0 0 200 400"
        role="img"
        aria-label={`Where to measure for a ${label.toLowerCase()}: the numbered points of the list`}
        className="mx-auto h-72 w-auto sm:h-80"
      >
        <g fill="none" stroke="#b8a48a" strokeWidth="2" strokeLinejoin="round">
          <circle cx="100" cy="34" r="20" />
          <path d="M90 54v8h20v-8M62 76c10-10 66-10 76 0l10 60-6 64h-10l-4-58-2 40 4 2-2 100-4 100H96l2-150h4l2 150H82L78 226l-2-20 6-58-6 58M62 76l-10 60-8 64h10l6-58 2-40" />
        </g>
        {points.map((point, index) => {
          const mark = MARKS[point.key];
          if (!mark) return null;
          const [x1, y1, x2, y2] = mark;
          return (
            <g key={point.key}>
              <line
                x1={x1}
                y1={y1}
                x2={x2}
                y2={y2}
                stroke="#7a1f2b"
                strokeWidth="2"
                strokeDasharray="4 3"
              />
              <circle cx={x2} cy={y2} r="8" fill="#7a1f2b" />
              <text
                x={x2}
                y={y2 + 3.5}
                textAnchor="middle"
                fontSize="10"
                fill="#fff"
                fontWeight="bold"
              >
                {index + 1}
              </text>
            </g>
          );
        })}
      </svg>
      <ol className="list-decimal space-y-1.5 pl-5 text-sm">
        {points.map((point) => (
          <li key={point.key}>
            <strong className="font-medium">{point.label}:</strong> {point.hint}
          </li>
        ))}
      </ol>
    </div>
  );
}
