/**
 * The hidden field bots fill and people never see. It is sent with the form and is meant to stay empty; it is out
 * of view, out of the tab order and hidden from assistive technology.
 */
export function Honeypot({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="honeypot" aria-hidden="true">
      <label>
        Website
        <input type="text" name="website" tabIndex={-1} autoComplete="off" value={value} onChange={(event) => onChange(event.target.value)} />
      </label>
    </div>
  );
}
