/**
 * POST /svc/report/export: the report as a file. Not an envelope endpoint, so it is a plain
 * route with the contract's body schema and the same access hook (token, proxy, roles) as
 * every endpoint; refusals and bad input still answer the JSON envelope, because everything
 * that can fail is checked before the first byte of the file is sent.
 */
import {
  AppError,
  REPORT_EXPORT_CONTENT_TYPES,
  REPORT_EXPORT_MAX_ROWS,
  exportReport,
  reportExportFileName,
  type ReportRow,
  type ZReportExport,
} from '@adloom/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ZProxyQuery } from '../../access/proxy.js';
import { isEmbedded, type Database } from '../../db/client.js';
import { createAccessHook } from '../../http/auth.js';
import { createReportFileWriter, exportLanguage, type ReportFileWriter } from './export.js';
import {
  countReportRows,
  forEachReportBatch,
  reportTotals,
  resolveReportScope,
  statsViewOf,
} from './service.js';
import type { StatsView } from './sources.js';
import type { StatsScope } from './scope.js';

/** Rows per cursor fetch. */
export const EXPORT_BATCH_ROWS = 2_000;

class ExportAborted extends Error {}

/**
 * Writes every row, then the totals. On PostgreSQL the cursor feeds the file as the client
 * reads it (one pool connection held meanwhile); on PGlite the rows are read first, then
 * written, so the single connection is free while the bytes travel.
 */
async function fillFile(
  db: Database,
  scope: StatsScope,
  view: StatsView,
  writer: ReportFileWriter,
  totals: ReportRow,
): Promise<void> {
  const write = async (rows: ReportRow[]) => {
    if (writer.stream.destroyed) throw new ExportAborted();
    await writer.write(rows);
  };
  if (isEmbedded(db)) {
    const batches: ReportRow[][] = [];
    await forEachReportBatch(db, scope, view, EXPORT_BATCH_ROWS, async (rows) => {
      batches.push(rows);
    });
    for (const rows of batches) await write(rows);
  } else {
    await forEachReportBatch(db, scope, view, EXPORT_BATCH_ROWS, write);
  }
  if (writer.stream.destroyed) throw new ExportAborted();
  await writer.finish(totals);
}

async function sendReportFile(request: FastifyRequest, reply: FastifyReply) {
  const db = request.server.db;
  const auth = request.auth;
  if (!auth) throw new AppError('noLogin');
  const body = request.body as z.output<typeof ZReportExport>;
  const view = statsViewOf(body);
  const scope = await resolveReportScope(db, auth, view, body.scope);
  if ((await countReportRows(db, scope, view)) > REPORT_EXPORT_MAX_ROWS) {
    throw new AppError('validation', 'report.tooManyRows', undefined, {
      max: REPORT_EXPORT_MAX_ROWS.toLocaleString('en'),
    });
  }
  const totals = await reportTotals(db, scope, view);
  const writer = await createReportFileWriter(
    body.format,
    view,
    exportLanguage(body.lang, request.headers),
  );
  fillFile(db, scope, view, writer, totals).catch((error: unknown) => {
    if (error instanceof ExportAborted) {
      request.log.debug('report export: the client went away');
      return;
    }
    request.log.error({ err: error }, 'report export failed mid-stream');
    writer.stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .header('content-type', REPORT_EXPORT_CONTENT_TYPES[body.format])
    .header(
      'content-disposition',
      `attachment; filename="${reportExportFileName(body, body.format)}"`,
    )
    .header('cache-control', 'no-store')
    .send(writer.stream);
}

export function registerReportExport(app: FastifyInstance): void {
  app.route({
    method: exportReport.method,
    url: exportReport.path,
    schema: {
      summary: exportReport.summary,
      tags: [exportReport.tag],
      description: `Access: any of the roles ${exportReport.access.join(', ')} (of the acting user). Answers the file, not the envelope; errors answer the envelope.`,
      security: [{ xToken: [] }, { bearer: [] }],
      querystring: ZProxyQuery,
      body: exportReport.body,
    },
    onRequest: createAccessHook(exportReport.access),
    handler: sendReportFile,
  });
}
