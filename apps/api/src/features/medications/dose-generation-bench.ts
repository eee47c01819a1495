// `npm run bench -- --only medications` runs this in its own process (node --import tsx): dose
// generation for 20 medications × 90 days in the plan's zone, as the 90-day report does it (one
// shared day list and instant cache per plan). Prints JSON on stdout.
import { medicationScheduleSchema } from '@tavara/shared/medications/medications';
import { doseContext, dosesIn } from './medication-doses';

const RUNS = 21;
const schedules = Array.from({ length: 20 }, (_, k) =>
  medicationScheduleSchema.parse(
    k % 3 === 2
      ? {
          kind: 'times',
          times: [{ time: '07:00' }, { time: '13:00' }, { time: '21:00' }],
          repeat: 'weekdays',
          weekdays: ['mon', 'wed', 'fri', 'sat'],
        }
      : k % 3 === 1
        ? { kind: 'times', times: [{ time: '09:00' }], repeat: 'interval', intervalDays: 2 }
        : { kind: 'times', times: [{ time: '08:00' }, { time: '20:00' }], repeat: 'daily' },
  ),
);

function run(): number {
  // A fresh context each run: nothing is cached between runs.
  const ctx = doseContext('2027-01-01', '2027-03-31', 'America/Port_of_Spain');
  let doses = 0;
  for (const s of schedules) doses += dosesIn(s, { startDate: '2026-12-01', endDate: null }, ctx).length;
  return doses;
}

run(); // warm-up (JIT)
const runsMs: number[] = [];
let doses = 0;
for (let i = 0; i < RUNS; i++) {
  const started = performance.now();
  doses = run();
  runsMs.push(Number((performance.now() - started).toFixed(3)));
}
const sorted = [...runsMs].sort((a, b) => a - b);
process.stdout.write(JSON.stringify({ runsMs, medianMs: sorted[Math.floor(RUNS / 2)], maxMs: sorted.at(-1), doses }));
