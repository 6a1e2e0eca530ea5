/**
 * Downloads a report export (POST /svc/report/export). The answer is the file itself, not
 * the envelope, so it is fetched here rather than through `call`: the same session headers
 * and proxy parameter (never a token in the address), an error envelope handled as `call`
 * handles it, and the file saved under the server's name. No request timeout: a large
 * export streams for as long as it takes.
 */
import {
  exportReport,
  reportExportFileName,
  type ReportExportFormat,
  type ReportExportRequest,
} from '@adloom/domain';
import { authHeaders, noAnswer, settle, urlOf } from '../../lib/api';

/** The file name of a Content-Disposition header: RFC 5987 `filename*` first, then `filename`. */
export function fileNameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // Fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  return plain?.[1]?.trim() || undefined;
}

/** Fetches the export; resolves with the file and its name, or throws an ApiError. */
export async function fetchReportExport(
  request: ReportExportRequest,
): Promise<{ blob: Blob; name: string }> {
  let response: Response;
  try {
    response = await fetch(urlOf(exportReport, undefined), {
      method: 'POST',
      headers: { ...authHeaders(), 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
      credentials: 'same-origin',
    });
  } catch {
    throw noAnswer();
  }
  const type = response.headers.get('Content-Type') ?? '';
  if (type.includes('application/json')) {
    let payload: unknown;
    try {
      payload = await response.json();
    } catch {
      throw noAnswer();
    }
    // An error envelope throws (with its toast, -100 / -110 handling); success as JSON is not a file.
    settle(exportReport, payload);
    throw noAnswer();
  }
  if (!response.ok) throw noAnswer();
  const blob = await response.blob();
  const format: ReportExportFormat = request.format;
  const name =
    fileNameOf(response.headers.get('Content-Disposition')) ??
    reportExportFileName({ from: request.from, to: request.to }, format);
  return { blob, name };
}

/** Hands a file to the browser's downloads. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start reading the file before letting it go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
