import { useId } from "react";

export interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  disabled?: boolean;
  id?: string;
}

/** An on/off switch: a button with role="switch", so Space and Enter flip it and readers say its state. */
export function Switch({ checked, onChange, label, disabled, id }: SwitchProps) {
  const ownId = useId();
  const switchId = id ?? ownId;
  return (
    <div className="switch-field">
      <button
        id={switchId}
        type="button"
        role="switch"
        aria-checked={checked}
        className="switch"
        disabled={disabled}
        onClick={() => onChange(!checked)}
      >
        <span className="switch__thumb" aria-hidden="true" />
      </button>
      <label htmlFor={switchId}>{label}</label>
    </div>
  );
}
