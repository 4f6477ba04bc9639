/**
 * A console field's refusal below it, announced (the console's dialogs and forms say what the server
 * refused beside the field, not in the browser's bubble); nothing when there is none. The field names it
 * in `aria-describedby` and sets `aria-invalid`. The account pages' `Field` does the same for inputs it
 * draws itself; this module stays out of their scripts.
 */
export function FieldMessage({ id, messages }: { id: string; messages?: string[] }) {
  if (!messages?.length) return null;
  return (
    <p id={id} className="field__error" role="alert">
      {messages.join(". ")}
    </p>
  );
}

/** A field's side of its refusal: `aria-invalid` and the message's id while there is one, nothing otherwise. */
export function invalidProps(id: string, messages?: string[]): { "aria-invalid"?: true; "aria-describedby"?: string } {
  return messages?.length ? { "aria-invalid": true, "aria-describedby": id } : {};
}
