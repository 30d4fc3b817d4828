import { describe, expect, it } from 'vitest';
import { chapterStepForKey } from './arrow-keys';

function keyOn(target: EventTarget, key: string, altKey = false) {
  return { key, altKey, target };
}

describe('chapterStepForKey', () => {
  it('maps the left and right arrows to the previous and next chapter', () => {
    expect(chapterStepForKey(keyOn(document.body, 'ArrowLeft'))).toBe('previous');
    expect(chapterStepForKey(keyOn(document.body, 'ArrowRight'))).toBe('next');
    expect(chapterStepForKey(keyOn(document.body, 'ArrowUp'))).toBeNull();
    expect(chapterStepForKey(keyOn(document.body, 'Enter'))).toBeNull();
  });

  it('does nothing while Alt is held', () => {
    expect(chapterStepForKey(keyOn(document.body, 'ArrowLeft', true))).toBeNull();
    expect(chapterStepForKey(keyOn(document.body, 'ArrowRight', true))).toBeNull();
  });

  it('does nothing when focus is in a text field', () => {
    const fields = [
      Object.assign(document.createElement('input'), { type: 'text' }),
      Object.assign(document.createElement('input'), { type: 'search' }),
      document.createElement('textarea'),
      document.createElement('select'),
      Object.assign(document.createElement('input'), { type: 'radio' }),
    ];
    const editable = document.createElement('div');
    editable.setAttribute('contenteditable', 'true');
    const insideEditable = editable.appendChild(document.createElement('p'));
    for (const field of [...fields, editable, insideEditable]) expect(chapterStepForKey(keyOn(field, 'ArrowRight'))).toBeNull();
  });

  it('does nothing inside a dialog', () => {
    const dialog = document.createElement('dialog');
    const link = dialog.appendChild(document.createElement('a'));
    expect(chapterStepForKey(keyOn(link, 'ArrowRight'))).toBeNull();
    expect(chapterStepForKey(keyOn(dialog, 'ArrowLeft'))).toBeNull();
  });

  it('still works from buttons, links and checkboxes', () => {
    const checkbox = Object.assign(document.createElement('input'), { type: 'checkbox' });
    for (const element of [document.createElement('button'), document.createElement('a'), checkbox]) {
      expect(chapterStepForKey(keyOn(element, 'ArrowRight'))).toBe('next');
    }
  });
});
