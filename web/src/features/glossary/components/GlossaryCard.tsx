import { type GlossaryEntry, type TitleForm, titleKey } from '@shelf/contracts';
import { type RefObject, useCallback, useEffect, useId, useState } from 'react';
import { KIND_LABEL } from '../kind-label';
import { GLOSSARY_MARK_CLASS, type TitleForms } from '../mark-glossary';

/** A signed-in reader's forms of titles, and how to choose one (kept on their account). */
export interface TitleFormChoices {
  forms: TitleForms;
  choose: (title: string, form: TitleForm | 'as_written') => void;
  /** A choice is being saved. */
  saving: boolean;
  /** Why the last choice was not saved, or null. */
  failure: string | null;
}

/** The card's width at most, and its distance from the screen's edges. */
const CARD_REM = 20;
const EDGE_PX = 8;

interface OpenCard {
  entry: GlossaryEntry;
  mark: HTMLElement;
  /** The text the mark is in. */
  root: HTMLElement;
  top: number;
  left: number;
}

/**
 * The card of a glossary mark in `container` (markGlossary's buttons): a tap, Enter or Space on a mark opens its
 * entry's card below it, inside the screen however narrow; Escape, a tap elsewhere or the card's Close closes it and
 * gives the focus back to the mark. With `choices` (a signed-in reader), a title's card lets the reader choose the form
 * they read it in. Returns the card to draw (null when none is open).
 */
export function useGlossaryCard(container: RefObject<HTMLElement | null>, entries: readonly GlossaryEntry[], choices?: TitleFormChoices) {
  const [open, setOpen] = useState<OpenCard | null>(null);
  const cardId = useId();
  const close = useCallback((focusMark: boolean) => {
    setOpen((card) => {
      // A choice of form draws the text again: the mark may be a new element by now.
      const mark = card && (card.mark.isConnected ? card.mark : card.root.querySelector<HTMLElement>(`[data-glossary="${card.mark.dataset.glossary}"]`));
      if (mark && focusMark) mark.focus();
      mark?.setAttribute('aria-expanded', 'false');
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
      setOpen({ entry, mark, root, top: rect.bottom + window.scrollY + 4, left });
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

  return open && <GlossaryCard id={cardId} entry={open.entry} top={open.top} left={open.left} choices={choices} onClose={() => close(true)} />;
}

interface CardProps {
  id: string;
  entry: GlossaryEntry;
  top: number;
  left: number;
  choices?: TitleFormChoices;
  onClose: () => void;
}

function GlossaryCard({ id, entry, top, left, choices, onClose }: CardProps) {
  return (
    <div id={id} className="glossary-card" role="dialog" aria-label={entry.original} style={{ top, left, maxWidth: `min(${CARD_REM}rem, calc(100vw - ${2 * EDGE_PX}px))` }}>
      <p className="glossary-card__head">
        <strong>{entry.original}</strong> <span className="glossary__kind">{KIND_LABEL[entry.kind]}</span>
      </p>
      {entry.rendering !== entry.original && <p className="glossary-card__rendering">{entry.rendering}</p>}
      {entry.note !== '' && <p className="glossary-card__note">{entry.note}</p>}
      {choices && entry.kind === 'title' && titleKey(entry.rendering) !== titleKey(entry.original) && <FormChoice id={id} entry={entry} choices={choices} />}
      <button type="button" className="glossary-card__close" onClick={onClose}>
        Close
      </button>
    </div>
  );
}

/** The forms a reader may read a title in, as radio buttons: as each translation has it, the original, the rendering. */
function FormChoice({ id, entry, choices }: { id: string; entry: GlossaryEntry; choices: TitleFormChoices }) {
  const title = titleKey(entry.original);
  const current = choices.forms.find((chosen) => chosen.title === title)?.form ?? 'as_written';
  const options: [TitleForm | 'as_written', string][] = [
    ['as_written', 'As the translation has it'],
    ['original', entry.original],
    ['rendering', entry.rendering],
  ];
  return (
    <fieldset className="glossary-card__forms" disabled={choices.saving}>
      <legend>Read this title as</legend>
      {options.map(([form, label]) => (
        <label key={form}>
          <input type="radio" name={`${id}-form`} checked={current === form} onChange={() => choices.choose(title, form)} /> {label}
        </label>
      ))}
      {choices.failure && <p role="alert">{choices.failure}</p>}
    </fieldset>
  );
}
