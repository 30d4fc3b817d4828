interface StepperProps {
  label: string;
  valueText: string;
  canDecrease: boolean;
  canIncrease: boolean;
  onStep: (delta: number) => void;
}

/** A − value + control; each button is disabled at its end of the range. */
export function Stepper({ label, valueText, canDecrease, canIncrease, onStep }: StepperProps) {
  return (
    <div className="stepper" role="group" aria-label={label}>
      <span className="stepper-label">{label}</span>
      <button type="button" aria-label={`Decrease ${label.toLowerCase()}`} disabled={!canDecrease} onClick={() => onStep(-1)}>
        −
      </button>
      <output className="stepper-value" aria-live="polite">
        {valueText}
      </output>
      <button type="button" aria-label={`Increase ${label.toLowerCase()}`} disabled={!canIncrease} onClick={() => onStep(1)}>
        +
      </button>
    </div>
  );
}
