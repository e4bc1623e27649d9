import type { ReactNode } from "react";

export interface Choice<V extends string> {
  value: V;
  label: string;
}

/**
 * One of a few choices as native radios (the arrow keys come free), laid out as the Appearance
 * picker is; `children` follow the options inside the same group (a choice's own details).
 */
export function RadioChoices<V extends string>({
  legend,
  name,
  choices,
  value,
  onChange,
  children,
}: {
  legend: string;
  name: string;
  choices: ReadonlyArray<Choice<V>>;
  value: string;
  onChange: (value: V) => void;
  children?: ReactNode;
}) {
  return (
    <fieldset className="mode-picker">
      <legend className="mode-picker__legend">{legend}</legend>
      <div className="mode-picker__options">
        {choices.map((choice) => (
          <label key={choice.value} className="mode-picker__option">
            <input type="radio" name={name} value={choice.value} checked={value === choice.value} onChange={() => onChange(choice.value)} />
            {choice.label}
          </label>
        ))}
      </div>
      {children}
    </fieldset>
  );
}

/**
 * Any of several choices as checkboxes, kept as the form keeps text: the chosen values joined by
 * commas (islands/ui/useForm.ts holds strings). `error` is the form's word on the group.
 */
export function CheckChoices({
  label,
  choices,
  chosen,
  onChange,
  empty,
  error,
}: {
  label: string;
  choices: ReadonlyArray<Choice<string>>;
  chosen: string;
  onChange: (chosen: string) => void;
  /** Said when there is nothing to choose from. */
  empty?: string;
  error?: string;
}) {
  const picked = new Set(chosen ? chosen.split(",") : []);
  const toggle = (value: string) => {
    if (!picked.delete(value)) picked.add(value);
    onChange([...picked].join(","));
  };
  return (
    <fieldset className="mode-picker" aria-label={label}>
      {choices.length === 0 && empty && <p className="muted">{empty}</p>}
      {choices.map((choice) => (
        <label key={choice.value}>
          <input type="checkbox" checked={picked.has(choice.value)} onChange={() => toggle(choice.value)} /> {choice.label}
        </label>
      ))}
      {error && (
        <div className="field__error" role="alert">
          {error}
        </div>
      )}
    </fieldset>
  );
}
