import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useId } from 'react';
import { fontSizeIndexAtom, pageSpaceIndexAtom, stepFontSizeAtom, stepPageSpaceAtom, themeAtom } from '../atoms';
import { FONT_FAMILIES, isFontFamily, isTextWidth, TEXT_WIDTHS } from '../font-and-width';
import { fontFamilyAtom, textWidthAtom } from '../font-and-width.atoms';
import { FONT_SIZES, PAGE_SPACES, THEMES } from '../reader-preferences';
import { ReadAloudSettings } from './ReadAloudSettings';
import { Stepper } from './Stepper';
import './reader-settings.css';

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Font size, page spacing, theme, font and text width for the reader, and read aloud's voice and speed; every choice is
 * remembered in local storage.
 */
export function ReaderSettings() {
  const fontSizeIndex = useAtomValue(fontSizeIndexAtom);
  const pageSpaceIndex = useAtomValue(pageSpaceIndexAtom);
  const stepFontSize = useSetAtom(stepFontSizeAtom);
  const stepPageSpace = useSetAtom(stepPageSpaceAtom);
  const [theme, setTheme] = useAtom(themeAtom);
  const [fontFamily, setFontFamily] = useAtom(fontFamilyAtom);
  const [textWidth, setTextWidth] = useAtom(textWidthAtom);
  const themeGroup = useId();
  const fontFamilyId = useId();
  const textWidthId = useId();

  return (
    <div className="reader-settings">
      <Stepper
        label="Font size"
        valueText={FONT_SIZES[fontSizeIndex].label}
        canDecrease={fontSizeIndex > 0}
        canIncrease={fontSizeIndex < FONT_SIZES.length - 1}
        onStep={stepFontSize}
      />
      <Stepper
        label="Page spacing"
        valueText={PAGE_SPACES[pageSpaceIndex].label}
        canDecrease={pageSpaceIndex > 0}
        canIncrease={pageSpaceIndex < PAGE_SPACES.length - 1}
        onStep={stepPageSpace}
      />
      <fieldset className="reader-settings-themes">
        <legend>Theme</legend>
        {THEMES.map((name) => (
          <label key={name} className="theme-choice" data-theme-swatch={name}>
            <input type="radio" name={themeGroup} value={name} checked={theme === name} onChange={() => setTheme(name)} />
            {capitalise(name)}
          </label>
        ))}
      </fieldset>
      <div className="reader-settings-choice">
        <label htmlFor={fontFamilyId}>Font</label>
        <select
          id={fontFamilyId}
          value={fontFamily}
          onChange={(event) => isFontFamily(event.target.value) && setFontFamily(event.target.value)}
        >
          {FONT_FAMILIES.map(({ id, label }) => (
            <option key={id} value={id}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="reader-settings-choice">
        <label htmlFor={textWidthId}>Text width</label>
        <select id={textWidthId} value={textWidth} onChange={(event) => isTextWidth(event.target.value) && setTextWidth(event.target.value)}>
          {TEXT_WIDTHS.map(({ id, label }) => (
            <option key={id} value={id}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <ReadAloudSettings />
    </div>
  );
}
