/** A required, labelled text input of the account forms. */
export function FormField({
  label,
  type,
  name,
  autoComplete,
  value,
  onChange,
}: {
  label: string;
  type: 'email' | 'password' | 'text';
  name: string;
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label>
      {label}
      <input type={type} name={name} autoComplete={autoComplete} required value={value} onChange={(event) => onChange(event.target.value)} />
    </label>
  );
}
