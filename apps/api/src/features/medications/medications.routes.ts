import { isoDateSchema } from '@tavara/shared/time/date-params';
import { allow } from '../../auth/allow';
import {
  bulkDoseInputSchema,
  doseGraceInputSchema,
  doseCorrectionInputSchema,
  doseRecordInputSchema,
  medicationInputSchema,
  reportPeriodSchema,
  supplyInputSchema,
} from '@tavara/shared/medications/medications';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppBindings } from '../../app-types';
import type { Database } from '../../db/client';
import { validate } from '../../lib/validate';
import { viewerOf } from '../../domain/viewer';
import { recordSupply } from './medication-supply';
import * as doseRecords from './dose-records.service';
import * as reports from './medication-reports.service';
import * as meds from './medications.service';

/** The matrix that asks every medication route as each kind of person. */
const MEDICATION_MATRIX = { file: 'medications-authorization.test.ts', test: 'medication routes: who may call them' };

const planParam = z.object({ planId: z.string().min(1).max(100) });
const medicationParam = z.object({ medicationId: z.string().min(1).max(100) });
const recordParam = z.object({ recordId: z.string().min(1).max(100) });
const periodQuery = z.object({ days: reportPeriodSchema.optional() });
const dayQuery = z.object({ date: isoDateSchema.optional() });

const noStore = async (c: { header(name: string, value: string): void }, next: () => Promise<void>) => {
  await next();
  c.header('Cache-Control', 'no-store');
};

/**
 * Medications of a care plan (issue 17). Every route checks who asks through the plan's access
 * (decision 018): a plan the asker may not see answers "You don't have access to this plan".
 * Answers are `no-store`: they are health data.
 *
 * Medications: GET/POST /care-plans/:planId/medications · PUT /medications/:medicationId ·
 *              POST /medications/:medicationId/stop · PUT /care-plans/:planId/medication-settings
 *              (the plan's grace period before a dose is reported not recorded, issue 28) ·
 *              PUT /medications/:medicationId/supply (units on hand, a refill; issue 28)
 * Doses:       GET/POST /care-plans/:planId/doses · POST /care-plans/:planId/doses/bulk ·
 *              POST /dose-records/:recordId/correct · GET /dose-records/:recordId/history
 * Reports:     GET /care-plans/:planId/medications/report(.csv)?days=7|14|30|90
 * Dashboard:   GET /medications/figures
 */
export function medicationRoutes(db: Database) {
  const plan = allow.plans(db, MEDICATION_MATRIX);
  return (
    new Hono<AppBindings>()
      // (/care-plans/* answers are no-store by the care-plan router's middleware.)
      .use('/medications/*', noStore)
      .use('/dose-records/*', noStore)
      .get('/medications/figures', allow('signed-in'), async (c) => {
        return c.json(await reports.medicationFigures(db, viewerOf(c)));
      })
      .get(
        '/care-plans/:planId/medications',
        plan.member(),
        validate('param', planParam),
        validate('query', periodQuery),
        async (c) => {
          const days = c.req.valid('query').days ?? 7;
          return c.json(await meds.listMedications(db, viewerOf(c), c.req.valid('param').planId, days));
        },
      )
      .post(
        '/care-plans/:planId/medications',
        plan.member(),
        validate('param', planParam),
        validate('json', medicationInputSchema),
        async (c) => {
          return c.json(
            {
              medication: await meds.createMedication(
                db,
                viewerOf(c),
                c.req.valid('param').planId,
                c.req.valid('json'),
              ),
            },
            201,
          );
        },
      )
      .put(
        '/care-plans/:planId/medication-settings',
        plan.member(),
        validate('param', planParam),
        validate('json', doseGraceInputSchema),
        async (c) => {
          const { doseGraceMinutes } = c.req.valid('json');
          return c.json(await meds.setDoseGrace(db, viewerOf(c), c.req.valid('param').planId, doseGraceMinutes));
        },
      )
      .get(
        '/care-plans/:planId/medications/report',
        plan.member(),
        validate('param', planParam),
        validate('query', periodQuery),
        async (c) => {
          const days = c.req.valid('query').days ?? 30;
          return c.json(await reports.adherenceReport(db, viewerOf(c), c.req.valid('param').planId, days));
        },
      )
      .get(
        '/care-plans/:planId/medications/report.csv',
        plan.member(),
        validate('param', planParam),
        validate('query', periodQuery),
        async (c) => {
          const days = c.req.valid('query').days ?? 30;
          const report = await reports.adherenceReport(db, viewerOf(c), c.req.valid('param').planId, days);
          // The file name carries no names or medications (it may end up in a downloads list).
          return c.body(reports.reportCsv(report), 200, {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': `attachment; filename="medication-adherence-${report.from}-to-${report.to}.csv"`,
          });
        },
      )
      .put(
        '/medications/:medicationId',
        plan.memberVia('medication'),
        validate('param', medicationParam),
        validate('json', medicationInputSchema),
        async (c) => {
          return c.json({
            medication: await meds.updateMedication(
              db,
              viewerOf(c),
              c.req.valid('param').medicationId,
              c.req.valid('json'),
            ),
          });
        },
      )
      .put(
        '/medications/:medicationId/supply',
        plan.memberVia('medication'),
        validate('param', medicationParam),
        validate('json', supplyInputSchema),
        async (c) => {
          const { medicationId } = c.req.valid('param');
          return c.json({ supply: await recordSupply(db, viewerOf(c), medicationId, c.req.valid('json')) });
        },
      )
      .post(
        '/medications/:medicationId/stop',
        plan.ownerVia('medication'),
        validate('param', medicationParam),
        async (c) => {
          return c.json({ medication: await meds.stopMedication(db, viewerOf(c), c.req.valid('param').medicationId) });
        },
      )
      .get(
        '/care-plans/:planId/doses',
        plan.member(),
        validate('param', planParam),
        validate('query', dayQuery),
        async (c) => {
          return c.json(await meds.dayView(db, viewerOf(c), c.req.valid('param').planId, c.req.valid('query').date));
        },
      )
      .post(
        '/care-plans/:planId/doses',
        plan.member(),
        validate('param', planParam),
        validate('json', doseRecordInputSchema),
        async (c) => {
          const result = await doseRecords.recordDose(
            db,
            viewerOf(c),
            c.req.valid('param').planId,
            c.req.valid('json'),
          );
          // "ask" writes nothing: 200 with the question; a record is 201.
          return result.outcome === 'recorded' ? c.json(result, 201) : c.json(result, 200);
        },
      )
      .post(
        '/care-plans/:planId/doses/bulk',
        plan.member(),
        validate('param', planParam),
        validate('json', bulkDoseInputSchema),
        async (c) => {
          return c.json(
            await doseRecords.recordMorningRound(
              db,
              viewerOf(c),
              c.req.valid('param').planId,
              c.req.valid('json').date,
            ),
          );
        },
      )
      .post(
        '/dose-records/:recordId/correct',
        plan.memberVia('doseRecord'),
        validate('param', recordParam),
        validate('json', doseCorrectionInputSchema),
        async (c) => {
          return c.json(
            await doseRecords.correctRecord(db, viewerOf(c), c.req.valid('param').recordId, c.req.valid('json')),
            201,
          );
        },
      )
      .get(
        '/dose-records/:recordId/history',
        plan.memberVia('doseRecord'),
        validate('param', recordParam),
        async (c) => {
          return c.json(await doseRecords.recordHistory(db, viewerOf(c), c.req.valid('param').recordId));
        },
      )
  );
}
