import { type FormEvent, useState } from "react";
import type { FieldErrors } from "../../src/shared/rules/text";
import { useFocusKept } from "./useFocusKept";

/** The shared rules' answer for a whole form: what to send, or a message per failing field. */
export type Verdict<D> = { success: true; data: D } | { success: false; errors: FieldErrors };

/**
 * Where a server's refusal goes: messages beside fields, one message for the whole form, or
 * nothing when the form put a toast up itself.
 */
export type Refusal = FieldErrors | string | undefined;

export interface FormSpec<V extends Record<string, string>, D> {
  initial: V;
  /** The shared rules (src/shared/rules); may ask the server first, while the form shows pending. */
  check: (values: V) => Verdict<D> | Promise<Verdict<D>>;
  /** Sends what `check` passed; a rejection goes to `refused`. */
  send: (data: D) => Promise<void>;
  refused: (error: unknown, data: D) => Refusal;
  /** After the first submit, each edit judges the form again, so the messages clear as they are fixed. */
  live?: boolean;
  /** The form stays for another entry after a success (Share, Update); otherwise it keeps pending while it goes. */
  again?: boolean;
}

/** A single field's rule as a form's verdict. */
export const fieldVerdict = <D>(field: string, problem: string | undefined, data: D): Verdict<D> =>
  problem === undefined ? { success: true, data } : { success: false, errors: { [field]: problem } };

/**
 * One form's state over the shared rules: the values, a message per field, pending while it checks
 * and sends, and the server's refusal put beside a field, above the buttons or left to a toast.
 */
export function useForm<V extends Record<string, string>, D>(spec: FormSpec<V, D>) {
  const [values, setValues] = useState(spec.initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string>();
  const [pending, setPending] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  // The control submitted from (a button pressed by key) has the focus again once the form can be used again.
  const holdFocus = useFocusKept(pending);

  /** Sync rules only: a rule that asks the server is judged on submit. */
  const judge = (next: V) => {
    const verdict = spec.check(next);
    if (!(verdict instanceof Promise)) setErrors(verdict.success ? {} : verdict.errors);
  };

  function setValue<K extends keyof V & string>(field: K, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (spec.live && submitted) return judge(next);
    // A field's message goes as soon as the person edits it; the next submit judges it again.
    setErrors(({ [field]: _edited, ...others }) => others);
  }

  /** What a `<Field>` needs for one of the form's fields. */
  const field = <K extends keyof V & string>(name: K) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setValue(name, event.target.value),
  });

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    holdFocus();
    setSubmitted(true);
    setFailure(undefined);
    // A sync rule answers at once, so its messages show with the click, before any await.
    const checked = spec.check(values);
    if (checked instanceof Promise) setPending(true);
    const verdict = checked instanceof Promise ? await checked : checked;
    setErrors(verdict.success ? {} : verdict.errors);
    if (!verdict.success) return setPending(false);
    setPending(true);
    try {
      await spec.send(verdict.data);
      if (spec.again) setPending(false);
    } catch (error) {
      setPending(false);
      const refusal = spec.refused(error, verdict.data);
      if (typeof refusal === "string") setFailure(refusal);
      else if (refusal) setErrors(refusal);
    }
  }

  return { values, setValues, setValue, field, errors, setErrors, failure, pending, submit };
}
