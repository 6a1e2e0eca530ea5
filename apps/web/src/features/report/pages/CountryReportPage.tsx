import { ComingPage } from '../../coming/pages/ComingPage';

/** Placeholder until the page lands (issue 7/8). */
export function CountryReportPage() {
  return <ComingPage />;
}
