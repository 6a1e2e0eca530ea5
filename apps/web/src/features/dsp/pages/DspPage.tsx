import { ComingPage } from '../../coming/pages/ComingPage';

/** Placeholder until this screen lands (issue 6). */
export function DspPage() {
  return <ComingPage />;
}
