import { createContext, useCallback, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Drawer, Form, Modal, type DrawerProps, type FormProps, type ModalProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * Unsaved changes, for every form of the admin: a form that holds changes registers here; moving
 * to another page, reloading or closing the tab, and closing the drawer or dialog that holds the
 * form then ask "Leave without saving?" first. Saving or resetting the form releases it.
 */

const dirtyForms = new Set<symbol>();
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const hasUnsaved = () => dirtyForms.size > 0;

/** Whether some form on the page holds unsaved changes. */
export const unsavedChanges = { any: hasUnsaved, subscribe };

/** The forms inside one drawer or dialog, so that closing it asks only about its own forms. */
interface Scope {
  dirty: Set<symbol>;
  /** Runs `close` at once, or after the user agrees to drop the changes. */
  request: (close: () => void) => void;
}
const ScopeContext = createContext<Scope | null>(null);

function mark(key: symbol, dirty: boolean, scope: Scope | null) {
  const before = dirtyForms.size;
  if (dirty) dirtyForms.add(key);
  else dirtyForms.delete(key);
  if (scope) {
    if (dirty) scope.dirty.add(key);
    else scope.dirty.delete(key);
  }
  if (before !== dirtyForms.size) for (const listener of [...listeners]) listener();
}

/**
 * Registers a form's unsaved state. `release()` clears it at once, before the state that says so
 * has rendered (a save that navigates away right after it has succeeded); `hold()` sets it at once.
 */
export function useUnsavedChanges(dirty = false) {
  const [key] = useState(() => Symbol('form'));
  const scope = useContext(ScopeContext);
  useEffect(() => {
    mark(key, dirty, scope);
  }, [key, dirty, scope]);
  useEffect(() => () => mark(key, false, scope), [key, scope]);
  const release = useCallback(() => mark(key, false, scope), [key, scope]);
  const hold = useCallback(() => mark(key, true, scope), [key, scope]);
  return { release, hold };
}

/**
 * A close that asks first when the nearest drawer or dialog holds a changed form (a form's own
 * Cancel button); outside a drawer or dialog it closes at once.
 */
export function useGuardedClose() {
  const scope = useContext(ScopeContext);
  return useCallback((close: () => void) => (scope ? scope.request(close) : close()), [scope]);
}

/** The question itself, in the reader's language. */
export function LeaveConfirm({ open, onLeave, onStay }: { open: boolean; onLeave: () => void; onStay: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Modal
      open={open}
      title={t('unsaved.title')}
      okText={t('unsaved.leave')}
      cancelText={t('unsaved.stay')}
      okButtonProps={{ danger: true }}
      onOk={onLeave}
      onCancel={onStay}
      zIndex={1100}
      className="leave-confirm"
    >
      {t('unsaved.text')}
    </Modal>
  );
}

/**
 * Mounted once under the router: a move to another page while a form holds changes waits for the
 * user's answer, and the browser asks before the tab is reloaded or closed.
 */
export function UnsavedChangesGuard() {
  const dirty = useSyncExternalStore(subscribe, hasUnsaved, hasUnsaved);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => hasUnsaved() && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return <LeaveConfirm open={blocker.state === 'blocked'} onLeave={() => blocker.proceed?.()} onStay={() => blocker.reset?.()} />;
}

/** A scope for the forms of one drawer or dialog and the question asked when it closes. */
function useScope(): { scope: Scope; confirm: ReactNode } {
  const [pending, setPending] = useState<(() => void) | null>(null);
  const scopeRef = useRef<Scope | null>(null);
  scopeRef.current ??= {
    dirty: new Set(),
    request: (close) => {
      if (scopeRef.current!.dirty.size === 0) return close();
      setPending(() => close);
    },
  };
  const scope = scopeRef.current;
  const confirm = (
    <LeaveConfirm
      open={pending !== null}
      onLeave={() => {
        const close = pending;
        // The forms of the drawer are dropped with it: nothing of theirs is held any more.
        for (const key of scope.dirty) mark(key, false, scope);
        setPending(null);
        close?.();
      }}
      onStay={() => setPending(null)}
    />
  );
  return { scope, confirm };
}

/**
 * Registers, in the scope of its drawer or dialog, the changes of an editor that keeps its state
 * outside an antd form (`unsaved` of `FormDrawer` and `FormModal`).
 */
function HandMadeChanges({ dirty }: { dirty: boolean }) {
  useUnsavedChanges(dirty);
  return null;
}

/** What a drawer or dialog takes besides antd's props. */
interface Guarded {
  /**
   * The drawer or dialog holds changes of its own state, not of a `GuardedForm` in it (a text typed
   * into a hand-made editor): closing it, another page and a reload ask first while it is true.
   */
  unsaved?: boolean;
}

/** antd's Drawer that asks before it closes over a changed form (the close button, the mask, Esc). */
export function FormDrawer({ onClose, children, unsaved = false, ...props }: DrawerProps & Guarded) {
  const { scope, confirm } = useScope();
  return (
    <>
      <ScopeContext.Provider value={scope}>
        <HandMadeChanges dirty={unsaved && !!props.open} />
      </ScopeContext.Provider>
      <Drawer {...props} onClose={(event) => scope.request(() => onClose?.(event))}>
        <ScopeContext.Provider value={scope}>{children}</ScopeContext.Provider>
      </Drawer>
      {confirm}
    </>
  );
}

/** antd's Modal that asks before it closes over a changed form (Cancel, the close button, the mask, Esc). */
export function FormModal({ onCancel, children, unsaved = false, ...props }: ModalProps & Guarded) {
  const { scope, confirm } = useScope();
  return (
    <>
      <ScopeContext.Provider value={scope}>
        <HandMadeChanges dirty={unsaved && !!props.open} />
      </ScopeContext.Provider>
      <Modal {...props} onCancel={(event) => scope.request(() => onCancel?.(event))}>
        <ScopeContext.Provider value={scope}>{children}</ScopeContext.Provider>
      </Modal>
      {confirm}
    </>
  );
}

const isPromise = (value: unknown): value is Promise<unknown> => !!value && typeof (value as Promise<unknown>).then === 'function';

/**
 * antd's Form that registers its unsaved changes: a value the user changes makes it "changed";
 * a reset (a button of type reset) and a save make it clean again. When `onFinish` returns a
 * promise, a failed save makes it changed again; otherwise the save counts from the moment it is
 * sent.
 */
export function GuardedForm<Values = Record<string, unknown>>({ onValuesChange, onFinish, onReset, children, ...props }: FormProps<Values>) {
  const { release, hold } = useUnsavedChanges();
  return (
    <Form<Values>
      {...props}
      // Children may be a render function of the form's values, which antd's own typing allows.
      children={children as ReactNode}
      onValuesChange={(changedValues, values) => {
        hold();
        onValuesChange?.(changedValues, values);
      }}
      onFinish={(values) => {
        release();
        const result: unknown = onFinish?.(values);
        if (isPromise(result)) result.catch(() => hold());
      }}
      onReset={(event) => {
        release();
        onReset?.(event);
      }}
    />
  );
}
