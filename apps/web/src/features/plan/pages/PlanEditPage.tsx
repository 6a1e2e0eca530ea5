import { ComingPage } from '../../coming/pages/ComingPage';

/** Placeholder until this screen lands (issue 5). */
export function PlanEditPage() {
  return <ComingPage />;
}
