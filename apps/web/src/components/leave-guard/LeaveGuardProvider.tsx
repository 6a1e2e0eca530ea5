/**
 * Leave protection (issue 20 item 2): one router blocker for the whole console. A data router
 * honours a single blocker only, so forms do not block themselves: each registers a check
 * ("do I hold unsaved changes?") here, and the provider asks before any navigation that would
 * leave a page while some check says yes. Closing or reloading the tab is asked by the
 * browser's own prompt (beforeunload), which browsers word themselves.
 */
import {
  createContext,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { lazyWithAntd } from '../../app/lazyWithAntd';

// Loaded the first time a navigation is blocked, then kept for its closing animation.
// With antd's theme: the shell around the provider is plain markup.
const LeaveDialog = lazyWithAntd(() => import('./LeaveDialog').then((m) => m.LeaveDialog));

export type DirtyCheck = () => boolean;

interface Registry {
  register(check: DirtyCheck): () => void;
}

const LeaveGuardContext = createContext<Registry | null>(null);

/**
 * Registers `check` while mounted; a no-op outside a provider (a page rendered alone). Pass a
 * stable function (useCallback): it is registered again whenever it changes.
 */
export function useRegisterDirtyCheck(check: DirtyCheck) {
  const registry = useContext(LeaveGuardContext);
  useEffect(() => registry?.register(check), [registry, check]);
}

interface Place {
  pathname: string;
  search: string;
}

/**
 * Whether a navigation leaves the form: a new path or query (the plan flow's steps and the
 * strategy being edited live in the query); a hash change scrolls within the page.
 */
function leavesForm(current: Place, next: Place) {
  return current.pathname !== next.pathname || current.search !== next.search;
}

export function LeaveGuardProvider({ children }: { children: ReactNode }) {
  const [checks] = useState(() => new Set<DirtyCheck>());
  const anyDirty = useCallback(() => [...checks].some((check) => check()), [checks]);
  const registry = useMemo<Registry>(
    () => ({
      register(check) {
        checks.add(check);
        return () => {
          checks.delete(check);
        };
      },
    }),
    [checks],
  );

  const blocker = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) =>
        leavesForm(currentLocation, nextLocation) && anyDirty(),
      [anyDirty],
    ),
  );

  const blocked = blocker.state === 'blocked';
  const [asked, setAsked] = useState(false);
  if (blocked && !asked) setAsked(true);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!anyDirty()) return;
      event.preventDefault();
      // Older browsers ask only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [anyDirty]);

  return (
    <LeaveGuardContext value={registry}>
      {children}
      {asked && (
        <Suspense fallback={null}>
          <LeaveDialog
            open={blocked}
            onLeave={() => blocker.proceed?.()}
            onStay={() => blocker.reset?.()}
          />
        </Suspense>
      )}
    </LeaveGuardContext>
  );
}
