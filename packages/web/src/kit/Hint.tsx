import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Tooltip, type TooltipProps } from 'antd';

/**
 * One antd Tooltip for every element that asks for it by attributes, shown where the pointer
 * rests: a list of 100 rows would otherwise mount a Tooltip (and its trigger machinery) for each
 * icon button and each cut text, which costs most of the rows' rendering. An element gets it with
 * `hint(text)`: `data-hint` (the text), `data-hint-cut` (shown only while the text is cut with an
 * ellipsis) and `data-hint-placement`. As antd's: shown a moment after the pointer comes, gone when
 * it leaves; a click hides it until the pointer leaves (what the click opens is not covered).
 */
export function hint(text: string, options: { cut?: boolean; placement?: TooltipProps['placement'] } = {}) {
  return {
    'data-hint': text,
    ...(options.cut ? { 'data-hint-cut': '' } : {}),
    ...(options.placement ? { 'data-hint-placement': options.placement } : {}),
  };
}

interface Shown {
  element: HTMLElement;
  text: string;
  placement: TooltipProps['placement'];
  box: { left: number; top: number; width: number; height: number };
  key: number;
}

/** antd's delay before a tooltip shows (mouseEnterDelay, 0.1 s). */
const DELAY_MS = 100;

const hinted = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLElement>('[data-hint]') : null);
const isCut = (element: HTMLElement) => element.scrollWidth > element.clientWidth + 1;

/** The one tooltip of the hinted elements; Providers renders it once. */
export function HintHost() {
  const [shown, setShown] = useState<Shown | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let current: HTMLElement | null = null;
    // Clicked: no tooltip on it until the pointer leaves.
    let quiet: HTMLElement | null = null;
    let count = 0;
    const hide = () => {
      clearTimeout(timer);
      current = null;
      setShown(null);
    };
    const over = (event: Event) => {
      const element = hinted(event.target);
      if (!element || element === current || element === quiet) return;
      clearTimeout(timer);
      current = element;
      timer = setTimeout(() => {
        if (current !== element || !element.isConnected || !element.dataset.hint) return;
        if (element.dataset.hintCut !== undefined && !isCut(element)) return;
        const rect = element.getBoundingClientRect();
        setShown({
          element,
          text: element.dataset.hint,
          placement: (element.dataset.hintPlacement as TooltipProps['placement']) ?? 'top',
          box: { left: rect.left, top: rect.top, width: rect.width, height: rect.height },
          key: ++count,
        });
      }, DELAY_MS);
    };
    const out = (event: Event) => {
      const element = hinted(event.target);
      if (!element) return;
      const to = (event as PointerEvent).relatedTarget;
      if (to instanceof Node && element.contains(to)) return;
      if (quiet === element) quiet = null;
      if (current === element) hide();
    };
    const click = (event: Event) => {
      const element = hinted(event.target);
      if (element) quiet = element;
      hide();
    };
    // A scrolled or changed page moves the element from under its tooltip.
    const gone = setInterval(() => current && !current.isConnected && hide(), 300);
    document.addEventListener('pointerover', over);
    document.addEventListener('pointerout', out);
    document.addEventListener('pointerdown', click, true);
    document.addEventListener('scroll', hide, true);
    return () => {
      clearTimeout(timer);
      clearInterval(gone);
      document.removeEventListener('pointerover', over);
      document.removeEventListener('pointerout', out);
      document.removeEventListener('pointerdown', click, true);
      document.removeEventListener('scroll', hide, true);
    };
  }, []);
  if (!shown) return null;
  return createPortal(
    <Tooltip key={shown.key} open title={shown.text} placement={shown.placement}>
      <span className="hint-anchor" aria-hidden style={shown.box} />
    </Tooltip>,
    document.body,
  );
}
