// Unsaved-changes guard: editors report whether they are dirty; leaving the page (router link, reload,
// closing the tab) or switching screens inside the dashboard asks first.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useBlocker } from '@tanstack/react-router';

interface UnsavedChangesApi {
  /** An editor reports whether it holds unsaved changes (call with false when it closes). */
  setDirty: (key: string, dirty: boolean) => void;
  /** Resolves true when there is nothing unsaved, or the admin chose to discard it. */
  confirmDiscard: () => Promise<boolean>;
}

const Ctx = createContext<UnsavedChangesApi | null>(null);

export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const dirtyKeys = useRef(new Set<string>());
  const [pending, setPending] = useState<((ok: boolean) => void) | null>(null);

  const setDirty = useCallback((key: string, dirty: boolean) => {
    if (dirty) dirtyKeys.current.add(key);
    else dirtyKeys.current.delete(key);
  }, []);

  const confirmDiscard = useCallback(() => {
    if (dirtyKeys.current.size === 0) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => setPending(() => resolve));
  }, []);

  // Router navigation away from /admin, and reloading or closing the tab.
  const blocker = useBlocker({
    shouldBlockFn: () => dirtyKeys.current.size > 0,
    enableBeforeUnload: () => dirtyKeys.current.size > 0,
    withResolver: true,
  });

  const answer = (ok: boolean) => {
    if (pending) {
      pending(ok);
      setPending(null);
    }
    if (blocker.status === 'blocked') {
      if (ok) blocker.proceed();
      else blocker.reset();
    }
    if (ok) dirtyKeys.current.clear();
  };

  const api = useMemo(() => ({ setDirty, confirmDiscard }), [setDirty, confirmDiscard]);
  const open = pending !== null || blocker.status === 'blocked';

  return (
    <Ctx.Provider value={api}>
      {children}
      <Modal opened={open} onClose={() => answer(false)} title="Discard unsaved changes?" centered>
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

export function useUnsavedChanges(): UnsavedChangesApi {
  const api = useContext(Ctx);
  if (!api) throw new Error('useUnsavedChanges must be used within UnsavedChangesProvider');
  return api;
}

/** Reports a form's dirty state under a key while mounted. */
export function useReportDirty(key: string, dirty: boolean) {
  const { setDirty } = useUnsavedChanges();
  useEffect(() => {
    setDirty(key, dirty);
  }, [key, dirty, setDirty]);
  useEffect(() => () => setDirty(key, false), [key, setDirty]);
}
