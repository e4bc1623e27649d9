import { useEffect, useState } from "react";
import { type Day, dayIn } from "../../src/shared/due-days";

export interface Today {
  day: Day;
  /** The zone `day` is on; undefined is the browser's own. */
  zone: string | undefined;
}

/**
 * What day it is for the rows' due words (docs/decisions/056-due-dates-browser.md). The server
 * knows no viewer's zone, so the page is rendered and hydrated on UTC's day, the same on both
 * sides; then the browser's own day takes over, and again whenever the page is shown, so a page
 * left open overnight says "Today" of the new day.
 */
export function useToday(): Today {
  const [today, setToday] = useState<Today>(() => ({ day: dayIn(new Date(), "UTC"), zone: "UTC" }));
  useEffect(() => {
    const local = () => setToday({ day: dayIn(new Date()), zone: undefined });
    local();
    document.addEventListener("visibilitychange", local);
    return () => document.removeEventListener("visibilitychange", local);
  }, []);
  return today;
}
