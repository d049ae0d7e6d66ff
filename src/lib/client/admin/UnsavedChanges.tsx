// Unsaved-changes guard: editors report whether they are dirty; any router navigation while one is
// (a link, a dashboard section, the back button, a reload or closing the tab) asks first.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useBlocker } from '@tanstack/react-router';

interface UnsavedChangesApi {
  /** An editor reports whether it holds unsaved changes (false when it closes or has saved). */
  setDirty: (key: string, dirty: boolean) => void;
}

const Ctx = createContext<UnsavedChangesApi | null>(null);

export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const dirtyKeys = useRef(new Set<string>());
  const setDirty = useCallback((key: string, dirty: boolean) => {
    if (dirty) dirtyKeys.current.add(key);
    else dirtyKeys.current.delete(key);
  }, []);

  const blocker = useBlocker({
    shouldBlockFn: () => dirtyKeys.current.size > 0,
    enableBeforeUnload: () => dirtyKeys.current.size > 0,
    withResolver: true,
  });

  const answer = (discard: boolean) => {
    if (blocker.status !== 'blocked') return;
    if (discard) {
      dirtyKeys.current.clear();
      blocker.proceed();
    } else blocker.reset();
  };

  const api = useMemo(() => ({ setDirty }), [setDirty]);
  return (
    <Ctx.Provider value={api}>
      {children}
      <Modal opened={blocker.status === 'blocked'} onClose={() => answer(false)} title="Discard unsaved changes?" centered>
        <Text mb="lg">You have changes that are not saved yet. If you leave now, they will be lost.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => answer(false)} data-autofocus>
            Keep editing
          </Button>
          <Button color="red" onClick={() => answer(true)}>
            Discard changes
          </Button>
        </Group>
      </Modal>
    </Ctx.Provider>
  );
}

/**
 * Reports a form's dirty state under a key while mounted; the returned `clean` marks it saved at once,
 * so the navigation that follows a save is not asked about (the effect would come too late).
 */
export function useReportDirty(key: string | null, dirty: boolean) {
  const api = useContext(Ctx);
  if (!api) throw new Error('useReportDirty must be used within UnsavedChangesProvider');
  const { setDirty } = api;
  useEffect(() => {
    if (key) setDirty(key, dirty);
  }, [key, dirty, setDirty]);
  useEffect(() => () => void (key && setDirty(key, false)), [key, setDirty]);
  return useCallback(() => void (key && setDirty(key, false)), [key, setDirty]);
}
