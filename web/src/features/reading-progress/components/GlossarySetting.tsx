import { useChooseTitleForm, useReaderSettings } from '../reader-settings.queries';
import { AccountSwitch, saveFailure } from './AccountSwitch';

const FORM_WORDS = { original: 'the original', rendering: 'the translation' } as const;

/**
 * The profile's glossary section (kept on the account): the switch for marking glossary names and terms in chapters,
 * and the titles the reader chose a form for (in a chapter's glossary card), each of which they may put back as each
 * translation writes it.
 */
export function GlossarySetting() {
  const { data } = useReaderSettings();
  const choose = useChooseTitleForm();
  const failure = saveFailure(choose.error);
  const titles = data?.title_forms ?? [];
  return (
    <section aria-labelledby="glossary-setting-heading">
      <h2 id="glossary-setting-heading">Glossary</h2>
      <AccountSwitch name="glossary_marks" label="Mark glossary names and terms in chapters" />
      {data && (
        <>
          <h3>Titles you read your way</h3>
          {titles.length === 0 ? (
            <p>None yet: tap a title in a chapter to choose how you read it.</p>
          ) : (
            <ul className="glossary-setting__list">
              {titles.map(({ title, form }) => (
                <li key={title}>
                  <span>
                    <strong>{title}</strong>: {FORM_WORDS[form]}
                  </span>{' '}
                  <button
                    type="button"
                    className="button"
                    disabled={choose.isPending}
                    aria-label={`Read ${title} as written`}
                    onClick={() => choose.mutate({ title, form: 'as_written' })}
                  >
                    Read as written
                  </button>
                </li>
              ))}
            </ul>
          )}
          {failure && <p role="alert">{failure}</p>}
        </>
      )}
    </section>
  );
}
