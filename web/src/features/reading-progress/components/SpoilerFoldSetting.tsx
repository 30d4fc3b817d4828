import { AccountSwitch } from './AccountSwitch';

/** The profile's switch for folding comments on chapters the reader has not reached (kept on the account). */
export function SpoilerFoldSetting() {
  return (
    <section aria-labelledby="spoiler-fold-heading">
      <h2 id="spoiler-fold-heading">Spoilers</h2>
      <AccountSwitch name="spoiler_fold" label="Fold comments on chapters I have not reached yet" />
    </section>
  );
}
