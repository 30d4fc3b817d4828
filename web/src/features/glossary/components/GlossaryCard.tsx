import type { GlossaryEntry } from '@shelf/contracts';
import { type RefObject, useCallback, useEffect, useId, useState } from 'react';
import { KIND_LABEL } from '../kind-label';
import { GLOSSARY_MARK_CLASS } from '../mark-glossary';

/** The card's width at most, and its distance from the screen's edges. */
const CARD_REM = 20;
const EDGE_PX = 8;

interface OpenCard {
  entry: GlossaryEntry;
  mark: HTMLElement;
  top: number;
  left: number;
}

/**
 * The card of a glossary mark in `container` (markGlossary's buttons): a tap, Enter or Space on a mark opens its
 * entry's card below it, inside the screen however narrow; Escape, a tap elsewhere or the card's Close closes it and
 * gives the focus back to the mark. Returns the card to draw (null when none is open).
 */
export function useGlossaryCard(container: RefObject<HTMLElement | null>, entries: readonly GlossaryEntry[]) {
  const [open, setOpen] = useState<OpenCard | null>(null);
  const cardId = useId();
  const close = useCallback((focusMark: boolean) => {
    setOpen((card) => {
      if (card && focusMark) card.mark.focus();
      card?.mark.setAttribute('aria-expanded', 'false');
      return null;
    });
  }, []);

  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const onClick = (event: MouseEvent) => {
      const mark = (event.target as Element).closest?.(`.${GLOSSARY_MARK_CLASS}`);
      if (!(mark instanceof HTMLElement) || !root.contains(mark)) return;
      const entry = entries[Number(mark.dataset.glossary)];
      if (!entry) return;
      // The mark's own tap: not the chapter text's (which shows the reader controls on a phone).
      event.stopPropagation();
      const rect = mark.getBoundingClientRect();
      const width = Math.min(CARD_REM * 16, window.innerWidth - 2 * EDGE_PX);
      const left = Math.min(Math.max(EDGE_PX, rect.left), window.innerWidth - width - EDGE_PX) + window.scrollX;
      mark.setAttribute('aria-expanded', 'true');
      setOpen({ entry, mark, top: rect.bottom + window.scrollY + 4, left });
    };
    root.addEventListener('click', onClick);
    return () => root.removeEventListener('click', onClick);
  }, [container, entries]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close(true);
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!open.mark.contains(target) && !document.getElementById(cardId)?.contains(target)) close(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  });

  return open && <GlossaryCard id={cardId} entry={open.entry} top={open.top} left={open.left} onClose={() => close(true)} />;
}

function GlossaryCard({ id, entry, top, left, onClose }: { id: string; entry: GlossaryEntry; top: number; left: number; onClose: () => void }) {
  return (
    <div id={id} className="glossary-card" role="dialog" aria-label={entry.original} style={{ top, left, maxWidth: `min(${CARD_REM}rem, calc(100vw - ${2 * EDGE_PX}px))` }}>
      <p className="glossary-card__head">
        <strong>{entry.original}</strong> <span className="glossary__kind">{KIND_LABEL[entry.kind]}</span>
      </p>
      {entry.rendering !== entry.original && <p className="glossary-card__rendering">{entry.rendering}</p>}
      {entry.note !== '' && <p className="glossary-card__note">{entry.note}</p>}
      <button type="button" className="glossary-card__close" onClick={onClose}>
        Close
      </button>
    </div>
  );
}
