import { useEffect, useRef, useState } from "react";

/**
 * Where focus goes once a confirmation removed the row that opened it: the browser hands it back
 * to the opener, which is gone, so it would fall to the page's body. `refocus()` after the removal
 * focuses `ref`'s element instead, once the dialog has closed (the dialog closes in a layout
 * effect, islands/ui/Dialog.tsx; this runs in the effect after it).
 */
export function useRefocus<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [due, setDue] = useState(false);
  useEffect(() => {
    if (!due) return;
    ref.current?.focus();
    setDue(false);
  }, [due]);
  return { ref, refocus: () => setDue(true) };
}
