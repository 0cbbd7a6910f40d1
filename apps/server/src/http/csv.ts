import { Readable, pipeline } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { stringify } from 'csv-stringify';

/** One cell of a CSV row. */
export type Cell = string | number;

/**
 * Streams rows as a CSV download that opens cleanly in spreadsheets: UTF-8 with a byte order mark,
 * RFC 4180 (CRLF, quotes doubled), and a cell starting with =, +, -, @, tab or carriage return gets
 * a leading ' so it is never run as a formula. Rows are read only as the file is written.
 */
export function sendCsv(request: FastifyRequest, reply: FastifyReply, file: string, columns: readonly string[], rows: AsyncIterable<Cell[]>): FastifyReply {
  const csv = stringify({
    bom: true,
    header: true,
    columns: [...columns],
    record_delimiter: 'windows',
    escape_formulas: true,
  });
  pipeline(Readable.from(rows), csv, (error) => {
    // The status line is already sent: the download stops short and the browser reports it failed.
    if (error) request.log.error({ err: error }, 'export failed while streaming');
  });
  return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${file}"`).send(csv);
}
